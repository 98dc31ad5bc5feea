import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat } from '@app/shared/chats/schemas';
import { chatMessages, chats } from '../../src/db/schema/chats';
import type { TestApp } from '../helpers/app';
import { createBot } from '../bots/helpers';
import { as, createDataTestApp } from './helpers';

describe('message retention job', () => {
  let t: TestApp;
  let keeper: Session;
  let cleaner: Session;
  let forever: Session;
  let botId: string;
  beforeAll(async () => {
    t = await createDataTestApp();
    keeper = await t.signup();
    cleaner = await t.signup();
    forever = await t.signup();
    botId = (await createBot(t, keeper, { name: 'Keeper', visibility: 'public', avatarUrl: '/avatars/mira.svg' })).id;
  });
  afterAll(() => t.close());

  /** A chat of `session` with messages `ages` days old (plus the bot's fresh greeting). */
  const chatWithAges = async (session: Session, ages: number[]) => {
    const chat = (await as(t, session, 'POST', '/api/chats', { botId })).json() as Chat;
    for (const days of ages) {
      await t.database.db.insert(chatMessages).values({
        chatId: chat.id,
        role: 'user',
        content: `${days} days old`,
        createdAt: new Date(Date.now() - days * 86_400_000),
      });
    }
    await t.database.db
      .update(chats)
      .set({ messageCount: sql`${chats.messageCount} + ${ages.length}` })
      .where(eq(chats.id, chat.id));
    return chat.id;
  };
  const contentsOf = async (chatId: string) =>
    (await t.database.db.select({ content: chatMessages.content }).from(chatMessages).where(eq(chatMessages.chatId, chatId))).map(
      (m) => m.content,
    );
  const retention = () => t.app.ctx.jobs.periodic.find((j) => j.name === 'message-retention')!.run();

  it('deletes only the old messages of users who turned auto-delete on, and a second run is harmless', async () => {
    const keeperChat = await chatWithAges(keeper, [400, 100, 10]);
    const cleanerChat = await chatWithAges(cleaner, [400, 100, 29, 10]);
    const foreverChat = await chatWithAges(forever, [400, 100]);
    // The keeper chose a period but left auto-delete off; "forever" turned it on with no limit.
    await as(t, keeper, 'PATCH', '/api/user/settings/data', { dataRetentionPeriod: '30d' });
    await as(t, forever, 'PATCH', '/api/user/settings/data', { autoDeleteMessages: true });
    const patched = await as(t, cleaner, 'PATCH', '/api/user/settings/data', { autoDeleteMessages: true, dataRetentionPeriod: '30d' });
    expect(patched.statusCode).toBe(200);

    expect(await retention()).toBe(2);
    expect((await contentsOf(cleanerChat)).sort()).toEqual(['10 days old', '29 days old', expect.any(String) as string].sort());
    expect(await contentsOf(cleanerChat)).not.toContain('400 days old');
    expect(await contentsOf(keeperChat)).toHaveLength(4);
    expect(await contentsOf(foreverChat)).toHaveLength(3);
    const [chat] = await t.database.db.select({ n: chats.messageCount }).from(chats).where(eq(chats.id, cleanerChat));
    expect(chat!.n).toBe(3);

    expect(await retention()).toBe(0);
    expect(await contentsOf(cleanerChat)).toHaveLength(3);
  });

  it('follows a longer period and deletes in batches past the batch size', async () => {
    const user = await t.signup();
    const chatId = await chatWithAges(user, [200, 50]);
    await t.database.db.execute(
      sql`insert into chat_messages (chat_id, role, content, created_at)
          select ${chatId}::uuid, 'user', 'bulk ' || n, now() - interval '120 days' from generate_series(1, 2500) n`,
    );
    await as(t, user, 'PATCH', '/api/user/settings/data', { autoDeleteMessages: true, dataRetentionPeriod: '90d' });
    expect(await retention()).toBe(2501);
    expect((await contentsOf(chatId)).filter((c) => !c.startsWith('bulk'))).toHaveLength(2);
  });

  it('stops when the user turns auto-delete off again', async () => {
    const user = await t.signup();
    await as(t, user, 'PATCH', '/api/user/settings/data', { autoDeleteMessages: true, dataRetentionPeriod: '30d' });
    await as(t, user, 'PATCH', '/api/user/settings/data', { autoDeleteMessages: false });
    const chatId = await chatWithAges(user, [60]);
    await retention();
    expect(await contentsOf(chatId)).toContain('60 days old');
  });
});
