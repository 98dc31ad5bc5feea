import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { botLogs } from '../../src/db/schema/chats';
import { jobs } from '../../src/db/schema/jobs';
import { mailOutbox } from '../../src/db/schema/mail';
import { notifications, userSettings } from '../../src/db/schema/settings';
import { DIGEST_JOB, scanDueDigests } from '../../src/features/notifications/digest';
import { createBot } from '../bots/helpers';
import { createTestApp, type TestApp } from '../helpers/app';
import { call } from './helpers';

/** A fixed-offset zone in which it is about noon now, so that a 06:00 digest is due and a 21:00 one is not. */
function zoneAtNoon(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  // Etc/GMT zones count the other way round: Etc/GMT-3 is UTC+3.
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

describe('the email digest job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const digestsTo = (email: string) =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Your % digest%')))
      .orderBy(desc(mailOutbox.createdAt));
  const balance = async (s: Session) => ((await call(t, s, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;
  const enableDigest = async (s: Session, digest: Record<string, unknown>, timeZone = zoneAtNoon()) => {
    expect((await call(t, s, 'PATCH', '/api/user/settings/notifications', { digest: { enabled: true, ...digest } })).statusCode).toBe(200);
    expect((await call(t, s, 'PUT', '/api/user/time-zone', { timeZone })).statusCode).toBe(200);
  };
  const chatAndSay = async (s: Session, botId: string, ...messages: string[]) => {
    const chat = (await call(t, s, 'POST', '/api/chats', { botId })).json() as { id: string };
    for (const content of messages) {
      const res = await call(t, s, 'POST', `/api/chats/${chat.id}/messages`, { content });
      expect(res.statusCode, res.body).toBe(201);
    }
  };

  it('sends a due digest once, with the real figures of the period and characters not yet tried', async () => {
    const [me, fan, other] = [await t.signup({ displayName: 'Digest Reader' }), await t.signup(), await t.signup()];
    const avatarUrl = '/avatars/mira.svg';
    const mira = await createBot(t, me, { name: 'Mira', visibility: 'public', avatarUrl });
    const orion = await createBot(t, other, { name: 'Orion', visibility: 'public', avatarUrl });
    const nova = await createBot(t, other, {
      name: 'Nova',
      visibility: 'public',
      avatarUrl,
      description: 'A star navigator who charts unknown skies.',
    });
    await createBot(t, other, { name: 'Hidden', visibility: 'private' });

    // A fan chats with my character and rates it; I chat with Orion and spend tokens.
    await chatAndSay(fan, mira.id, 'Hello Mira', 'Tell me more');
    expect((await call(t, fan, 'POST', `/api/bots/${mira.id}/rate`, { rating: 4 })).statusCode).toBe(200);
    const before = await balance(me);
    await chatAndSay(me, orion.id, 'Hi Orion');
    const spent = before - (await balance(me));
    expect(spent).toBeGreaterThan(0);
    const miraMessages = (
      await t.database.db
        .select()
        .from(botLogs)
        .where(and(eq(botLogs.botId, mira.id), eq(botLogs.action, 'message')))
    ).length;
    expect(miraMessages).toBeGreaterThan(0);

    await enableDigest(me, { frequency: 'daily', time: '06:00' });
    // Two instances scanning at once enqueue one job.
    const [n1, n2] = await Promise.all([scanDueDigests(t.app.ctx), scanDueDigests(t.app.ctx)]);
    expect(n1 + n2).toBe(1);
    await t.app.ctx.jobs.runDue();

    const sent = await digestsTo(me.user.email);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.subject).toBe('Your daily digest — CharaChat');
    expect(mail.text).toContain('Hi Digest Reader');
    expect(mail.text).toContain('Chats you started: 1');
    expect(mail.text).toContain('Messages you sent: 1');
    expect(mail.text).toContain('New chats with your characters: 1');
    expect(mail.text).toContain(`Messages to your characters: ${miraMessages}`);
    expect(mail.text).toContain('New ratings of your characters: 1 (average 4.0)');
    expect(mail.text).toContain(`Tokens spent: ${spent}`);
    expect(mail.text).toContain('Nova — A star navigator who charts unknown skies.');
    expect(mail.text).toContain(`/chat/${nova.id}`);
    expect(mail.text).not.toContain('Orion —'); // already chatted with
    expect(mail.text).not.toContain('Mira —'); // my own
    expect(mail.text).not.toContain('Hidden');
    expect(mail.html).toContain('Nova');

    const [row] = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, me.user.id));
    expect(row?.lastDigestAt).toBeInstanceOf(Date);

    // Scanning and running again in the same period sends nothing more.
    expect(await scanDueDigests(t.app.ctx)).toBe(0);
    await t.app.ctx.jobs.runDue();
    expect(await digestsTo(me.user.email)).toHaveLength(1);
  });

  it('a second job for a period already sent (another instance, late) sends nothing', async () => {
    const me = await t.signup();
    await enableDigest(me, { frequency: 'daily', time: '06:00' });
    expect(await scanDueDigests(t.app.ctx)).toBe(1);
    const [queued] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, DIGEST_JOB), like(jobs.dedupeKey, `digest:${me.user.id}:%`)));
    await t.app.ctx.jobs.runDue();
    // The same payload again, as a scan that read the settings before the first job finished would add.
    await t.app.ctx.jobs.enqueue(t.database.db, DIGEST_JOB, queued!.payload, { dedupeKey: queued!.dedupeKey! });
    const [sentRow] = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, me.user.id));
    await t.database.db.update(userSettings).set({ lastDigestAt: null }).where(eq(userSettings.userId, me.user.id));
    await t.app.ctx.jobs.runDue();
    expect(await digestsTo(me.user.email)).toHaveLength(1);
    await t.database.db.update(userSettings).set({ lastDigestAt: sentRow!.lastDigestAt }).where(eq(userSettings.userId, me.user.id));
  });

  it('is not due before the chosen time, nor when off; leaves out what the user did not ask for', async () => {
    const [later, off, bare] = [await t.signup(), await t.signup(), await t.signup()];
    await enableDigest(later, { frequency: 'daily', time: '21:00' });
    await call(t, off, 'PATCH', '/api/user/settings/notifications', { digest: { enabled: false, frequency: 'daily', time: '06:00' } });
    await enableDigest(bare, { frequency: 'daily', time: '06:00', includeStats: false, includeRecommendations: false });
    await scanDueDigests(t.app.ctx);
    await t.app.ctx.jobs.runDue();
    expect(await digestsTo(later.user.email)).toHaveLength(0);
    expect(await digestsTo(off.user.email)).toHaveLength(0);
    const [mail] = await digestsTo(bare.user.email);
    expect(mail?.text).not.toContain('Chats you started');
    expect(mail?.text).not.toContain('Characters you might like');

    // Turned off after being enqueued: the job sends nothing.
    const late = await t.signup();
    await enableDigest(late, { frequency: 'daily', time: '06:00' });
    expect(await scanDueDigests(t.app.ctx)).toBe(1);
    await call(t, late, 'PATCH', '/api/user/settings/notifications', { digest: { enabled: false } });
    await t.app.ctx.jobs.runDue();
    expect(await digestsTo(late.user.email)).toHaveLength(0);
  });

  it('lists the unread notifications of the period, of every kind, each with its link', async () => {
    const me = await t.signup();
    const publish = async <N extends Parameters<typeof t.app.ctx.events.publish>[0]>(
      name: N,
      payload: Parameters<typeof t.app.ctx.events.publish<N>>[1],
    ) => {
      await t.app.ctx.events.publish(name, payload);
      await t.app.ctx.events.settled();
    };
    await publish('purchase.paid', {
      purchaseId: randomUUID(),
      userId: me.user.id,
      kind: 'gems',
      credits: 120,
      amountMinor: 199,
      currency: 'eur',
    });
    await publish('gamification.level_up', { userId: me.user.id, level: 7, prestigeLevel: 0 });
    await publish('bot.moderated', {
      botId: randomUUID(),
      ownerId: me.user.id,
      name: 'Nyx',
      requestId: randomUUID(),
      action: 'approved',
      reason: null,
    });
    await publish('referral.confirmed', {
      referralId: randomUUID(),
      referrerId: me.user.id,
      referredId: me.user.id,
      bonus: 50,
    });
    // One read already: not in the digest.
    await t.database.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, me.user.id), eq(notifications.type, 'referralConfirmed')));
    await enableDigest(me, { frequency: 'daily', time: '06:00', includeStats: false, includeRecommendations: false });
    await scanDueDigests(t.app.ctx);
    await t.app.ctx.jobs.runDue();
    const [mail] = await digestsTo(me.user.email);
    expect(mail?.text).toContain('Unread notifications:');
    expect(mail?.text).toContain('Purchase complete: +120 gems');
    expect(mail?.text).toContain('Level up! — You reached level 7.');
    expect(mail?.text).toContain('Nyx was approved');
    expect(mail?.text).toContain('/gamification');
    expect(mail?.text).not.toContain('Referral confirmed');
    expect(mail?.html).toContain('Purchase complete: +120 gems');
  });

  it("is written in the reader's language of the moment, the notices written before the switch included", async () => {
    const me = await t.signup({ displayName: 'Вера' });
    await t.app.ctx.events.publish('gamification.level_up', { userId: me.user.id, level: 7, prestigeLevel: 0 });
    await t.app.ctx.events.settled();
    expect((await call(t, me, 'POST', '/api/user/language', { language: 'ru' })).statusCode).toBe(200);
    await enableDigest(me, { frequency: 'daily', time: '06:00', includeRecommendations: false });
    await scanDueDigests(t.app.ctx);
    await t.app.ctx.jobs.runDue();
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, me.user.email), like(mailOutbox.subject, 'Ваша %')));
    expect(mail?.subject).toBe('Ваша ежедневная сводка — CharaChat');
    expect(mail?.text).toContain('Здравствуйте, Вера! Вот коротко, как прошёл ваш день в CharaChat.');
    expect(mail?.text).toContain('За последний день:\n  Начато чатов: 0');
    expect(mail?.text).toContain('Непрочитанные уведомления:\n  Новый уровень! — Вы достигли уровня 7.');
    expect(mail?.text).not.toContain('Level up');
    expect(mail?.text).toContain('Настройки → Уведомления');
    expect(mail?.html).toContain('<html lang="ru">');
  });

  it('registers the periodic scan', () => {
    expect(t.app.ctx.jobs.periodic.map((p) => p.name)).toContain('notification-digests');
  });
});
