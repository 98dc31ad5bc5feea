import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat, ChatMessage } from '@app/shared/chats/schemas';
import type { ReplyPrompt } from '@app/shared/lorebooks/schemas';
import type { Persona } from '@app/shared/personas/schemas';
import { PERSONA_LIMITS } from '@app/shared/personas/rules';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { createBot, multipart } from '../bots/helpers';

describe('personas (issue 20 §2)', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    alice = await t.signup({ displayName: 'Alice' });
    bob = await t.signup({ displayName: 'Bob' });
  });
  afterAll(() => t.close());

  const call = (session: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session ? t.bearer(session) : {}, ...(payload ? { payload } : {}) });
  const create = async (session: Session, body: object) => {
    const res = await call(session, 'POST', '/api/personas', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Persona;
  };
  const list = async (session: Session) => ((await call(session, 'GET', '/api/personas')).json() as { items: Persona[] }).items;
  const defaults = async (session: Session) => (await list(session)).filter((p) => p.isDefault);
  const startChat = async (session: Session, botId: string) => {
    const res = await call(session, 'POST', '/api/chats', { botId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Chat;
  };
  const send = async (session: Session, chatId: string, content: string) => {
    const res = await call(session, 'POST', `/api/chats/${chatId}/messages`, { content });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { message: ChatMessage };
  };
  const promptOf = async (session: Session, chatId: string, messageId: string) => {
    const res = await call(session, 'GET', `/api/chats/${chatId}/messages/${messageId}/prompt`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReplyPrompt;
  };

  it('creates, lists, changes and deletes personas; the first is the default, and one always is', async () => {
    const user = await t.signup({ displayName: 'Carol' });
    expect(await list(user)).toEqual([]);
    const first = await create(user, { name: 'Wanderer', description: 'A quiet traveller.' });
    expect(first).toMatchObject({ name: 'Wanderer', description: 'A quiet traveller.', avatarUrl: null, isDefault: true });
    const second = await create(user, { name: 'Captain', isDefault: false });
    expect(second.isDefault).toBe(false);
    const third = await create(user, { name: 'Bard', isDefault: true });
    expect(third.isDefault).toBe(true);
    // The default first, then by name.
    expect((await list(user)).map((p) => [p.name, p.isDefault])).toEqual([
      ['Bard', true],
      ['Captain', false],
      ['Wanderer', false],
    ]);

    const patched = await call(user, 'PATCH', `/api/personas/${second.id}`, { name: '  Captain Vex ', isDefault: true });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Captain Vex', isDefault: true });
    expect((await defaults(user)).map((p) => p.id)).toEqual([second.id]);

    // The default can't be unset, only replaced.
    const unset = await call(user, 'PATCH', `/api/personas/${second.id}`, { isDefault: false });
    expect(unset.statusCode).toBe(400);
    expect(errorOf(unset).field).toBe('isDefault');
    // false on one that is not the default changes nothing about the default.
    expect((await call(user, 'PATCH', `/api/personas/${third.id}`, { isDefault: false })).statusCode).toBe(200);
    expect((await defaults(user)).map((p) => p.id)).toEqual([second.id]);

    expect((await call(user, 'GET', `/api/personas/${second.id}`)).json()).toMatchObject({ name: 'Captain Vex' });
    // Deleting the default hands it to the oldest one left.
    expect((await call(user, 'DELETE', `/api/personas/${second.id}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', `/api/personas/${second.id}`)).statusCode).toBe(404);
    expect((await defaults(user)).map((p) => p.id)).toEqual([first.id]);
    expect((await call(user, 'DELETE', `/api/personas/${first.id}`)).statusCode).toBe(204);
    expect((await defaults(user)).map((p) => p.id)).toEqual([third.id]);
  });

  it('refuses bad input with the field, and changes nothing', async () => {
    const persona = await create(alice, { name: 'Alice the Bold' });
    const before = await list(alice);
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(PERSONA_LIMITS.name + 1) }, 'name'],
      [{ name: 'x', description: 'y'.repeat(PERSONA_LIMITS.description + 1) }, 'description'],
      [{ name: 'x', isDefault: 'yes' }, 'isDefault'],
      [{ name: 'x', avatarUrl: '/uploads/elsewhere.webp' }, undefined],
    ] as const) {
      const res = await call(alice, 'POST', '/api/personas', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(errorOf(res).field).toBe(field);
    }
    for (const body of [{}, { avatarUrl: 'https://tracker.example/pixel.png' }, { name: '' }, { extra: 1 }]) {
      const res = await call(alice, 'PATCH', `/api/personas/${persona.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(alice, 'GET', '/api/personas/not-a-uuid')).statusCode).toBe(400);
    expect(await list(alice)).toEqual(before);
  });

  it("never shows or changes another user's persona, and never lets a chat speak as it", async () => {
    const mine = await create(alice, { name: 'Private Alice', description: 'secret' });
    expect((await call(null, 'GET', '/api/personas')).statusCode).toBe(401);
    for (const [method, url, body] of [
      ['GET', `/api/personas/${mine.id}`, undefined],
      ['PATCH', `/api/personas/${mine.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/personas/${mine.id}`, undefined],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('secret');
    }
    expect((await list(bob)).some((p) => p.id === mine.id)).toBe(false);

    const bot = await createBot(t, bob, { name: 'Gatekeeper' });
    const bobsChat = await startChat(bob, bot.id);
    const borrowed = await call(bob, 'PATCH', `/api/chats/${bobsChat.id}`, { personaId: mine.id });
    expect(borrowed.statusCode).toBe(404);
    expect(errorOf(borrowed).field).toBe('personaId');
    // Alice can't set a persona on Bob's chat either.
    expect((await call(alice, 'PATCH', `/api/chats/${bobsChat.id}`, { personaId: mine.id })).statusCode).toBe(404);
    expect(((await call(bob, 'GET', `/api/chats/${bobsChat.id}`)).json() as Chat).personaId).toBeNull();
    expect(((await call(alice, 'GET', `/api/personas/${mine.id}`)).json() as Persona).name).toBe('Private Alice');
  });

  it('puts the persona in the prompt: {{user}} is its name and its description follows the scenario', async () => {
    const user = await t.signup({ displayName: 'Dana Account' });
    const bot = await createBot(t, user, {
      name: 'Mira',
      scenario: '{{user}} boards the ship of {{char}}.',
      firstMessage: 'Welcome aboard, {{user}}.',
    });
    // Without a persona: the display name.
    const plain = await startChat(user, bot.id);
    const plainReply = await send(user, plain.id, 'Hello');
    const plainPrompt = await promptOf(user, plain.id, plainReply.message.id);
    expect(plainPrompt.messages[0]!.content).toContain('Dana Account boards the ship of Mira.');

    const vex = await create(user, { name: 'Captain Vex', description: '{{user}} is a starship captain who distrusts {{char}}.' });
    const chat = await startChat(user, bot.id);
    expect(chat.personaId).toBeNull();
    const greeting = ((await call(user, 'GET', `/api/chats/${chat.id}/messages`)).json() as { items: ChatMessage[] }).items[0]!;
    expect(greeting.content).toBe('Welcome aboard, Captain Vex.');

    const reply = await send(user, chat.id, 'Who are you?');
    const system = (await promptOf(user, chat.id, reply.message.id)).messages[0]!.content;
    expect(system).toContain('Captain Vex boards the ship of Mira.');
    // SillyTavern's story string: the scenario, then the persona.
    expect(system.indexOf('Captain Vex is a starship captain who distrusts Mira.')).toBeGreaterThan(system.indexOf('Scenario:'));
    expect(system).not.toContain('Dana Account');

    // A persona chosen for this chat only.
    const scout = await create(user, { name: 'Scout Ilo', description: 'A young scout.' });
    const chosen = await call(user, 'PATCH', `/api/chats/${chat.id}`, { personaId: scout.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((chosen.json() as Chat).personaId).toBe(scout.id);
    const second = await send(user, chat.id, 'And now?');
    const scoutPrompt = (await promptOf(user, chat.id, second.message.id)).messages[0]!.content;
    expect(scoutPrompt).toContain('Scout Ilo boards the ship');
    expect(scoutPrompt).toContain('A young scout.');
    expect(scoutPrompt).not.toContain('starship captain');
    // The default's other chat is untouched.
    expect(((await call(user, 'GET', `/api/chats/${plain.id}`)).json() as Chat).personaId).toBeNull();

    // Deleting the chat's persona: the chat speaks as the default again.
    expect((await call(user, 'DELETE', `/api/personas/${scout.id}`)).statusCode).toBe(204);
    expect(((await call(user, 'GET', `/api/chats/${chat.id}`)).json() as Chat).personaId).toBeNull();
    const third = await send(user, chat.id, 'Again?');
    expect((await promptOf(user, chat.id, third.message.id)).messages[0]!.content).toContain(vex.name);

    // null goes back to the default explicitly.
    const reset = await call(user, 'PATCH', `/api/chats/${chat.id}`, { personaId: null });
    expect(reset.statusCode).toBe(200);
    expect((await call(user, 'PATCH', `/api/chats/${chat.id}`, { personaId: 'nope' })).statusCode).toBe(400);
    expect((await call(user, 'PATCH', `/api/chats/${chat.id}`, {})).statusCode).toBe(400);
  });

  it('keeps exactly one default when 20 personas are created, or made the default, at once', async () => {
    const user = await t.signup({ displayName: 'Racer' });
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(user, 'POST', '/api/personas', { name: `P${i}`, isDefault: i % 2 === 0 })),
    );
    expect(made.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(await list(user)).toHaveLength(20);
    expect(await defaults(user)).toHaveLength(1);

    const all = await list(user);
    const flips = await Promise.all(all.map((p) => call(user, 'PATCH', `/api/personas/${p.id}`, { isDefault: true })));
    expect(flips.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await defaults(user)).toHaveLength(1);

    // Deleting them all at once leaves none, and no default pointing nowhere.
    const gone = await Promise.all(all.map((p) => call(user, 'DELETE', `/api/personas/${p.id}`)));
    expect(gone.map((r) => r.statusCode)).toEqual(Array(20).fill(204));
    expect(await list(user)).toEqual([]);
  });

  it(`refuses a persona past ${PERSONA_LIMITS.perUser}`, async () => {
    const user = await t.signup({ displayName: 'Collector' });
    for (let i = 0; i < PERSONA_LIMITS.perUser; i++) await create(user, { name: `Mask ${i}` });
    const over = await call(user, 'POST', '/api/personas', { name: 'One more' });
    expect(over.statusCode).toBe(400);
    expect(await list(user)).toHaveLength(PERSONA_LIMITS.perUser);
  });

  it('uploads an avatar, shows it, and removes it; a stranger cannot upload one', async () => {
    const persona = await create(alice, { name: 'Pictured' });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c04080' } })
      .png()
      .toBuffer();
    const upload = (session: Session) => {
      const form = multipart('avatar', 'me.png', png, 'image/png');
      return t.app.inject({
        method: 'POST',
        url: `/api/personas/${persona.id}/avatar`,
        headers: { ...t.bearer(session), ...form.headers },
        payload: form.payload,
      });
    };
    expect((await upload(bob)).statusCode).toBe(404);
    const res = await upload(alice);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/uploads\/personas\/.+\.webp$/);
    expect(((await call(alice, 'GET', `/api/personas/${persona.id}`)).json() as Persona).avatarUrl).toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const cleared = await call(alice, 'PATCH', `/api/personas/${persona.id}`, { avatarUrl: null });
    expect((cleared.json() as Persona).avatarUrl).toBeNull();
    // The file went with it.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const notImage = multipart('avatar', 'me.png', Buffer.from('not an image'), 'image/png');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/personas/${persona.id}/avatar`,
      headers: { ...t.bearer(alice), ...notImage.headers },
      payload: notImage.payload,
    });
    expect(refused.statusCode).toBe(400);
  });
});
