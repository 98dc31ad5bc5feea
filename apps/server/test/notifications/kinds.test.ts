import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { DomainEventName, DomainEventPayload } from '@app/shared/events/domain-events';
import { EVENT_SWITCHES, KIND_EVENT, type InAppNotification, type NotificationKind } from '@app/shared/notifications/schemas';
import { jobs } from '../../src/db/schema/jobs';
import { mailOutbox } from '../../src/db/schema/mail';
import { notifications } from '../../src/db/schema/settings';
import { createTestApp, type TestApp } from '../helpers/app';
import { createBot } from '../bots/helpers';
import { codeOf, signupWith, verifyEmail } from '../referrals/helpers';
import { call } from './helpers';

/**
 * Issue 18 §2: every kind of notification that an event raises, each with the switches of its
 * settings event (KIND_EVENT): with them on, one bell row, an email (a mail in the dev outbox) and
 * a push job where the event has those channels; with them off, nothing; and the same event
 * seen twice tells once.
 */
describe('notifications: every kind and its switches', () => {
  let t: TestApp;
  let other: Session;
  beforeAll(async () => {
    // Referral signups come from addresses of their own (X-Forwarded-For), as the referral tests do.
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    other = await t.signup({ displayName: 'Olga Other' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Publishes an event and runs what it queued (the fan-outs); answers a function that publishes it again. */
  const publish = async <N extends DomainEventName>(name: N, payload: DomainEventPayload<N>): Promise<Repeat> => {
    const once = async () => {
      await t.app.ctx.events.publish(name, payload);
      await t.app.ctx.events.settled();
      await t.app.ctx.jobs.runDue();
    };
    await once();
    return once;
  };
  const rowsOf = async (userId: string, kind: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, kind)));
  const channelsQueued = async (userId: string, kind: string) =>
    (
      await t.database.db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, 'notification-deliver'),
            sql`${jobs.payload} ->> 'userId' = ${userId}`,
            sql`${jobs.payload} ->> 'event' = ${kind}`,
          ),
        )
    )
      .map((j) => (j.payload as { channel: string }).channel)
      .sort();
  const mailsTo = async (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  /** Every switch of the user's settings on (or off), both master switches on. */
  const setAll = async (user: Session, on: boolean) => {
    const res = await call(t, user, 'PATCH', '/api/user/settings/notifications', {
      email: { enabled: true, newMessage: on, newFollower: on, friendRequest: on, botUpdate: on, systemUpdate: on },
      push: { enabled: true, newMessage: on, newFollower: on, botUpdate: on, achievements: on },
      inApp: { newMessage: on, newFollower: on, botUpdate: on, achievements: on, systemAlerts: on },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** Raises one notice of a kind for a user (`n` makes a different fact); answers how to raise the same fact again. */
  type Repeat = () => Promise<unknown>;
  type Fire = (user: Session, n: number) => Promise<Repeat>;
  const uuid = (n: number, seed: number) => `00000000-0000-4000-8000-${String(seed * 1000 + n).padStart(12, '0')}`;

  const botOf = async (owner: Session) =>
    (await createBot(t, owner, { name: 'Mira', visibility: 'public', avatarUrl: '/avatars/mira.svg', tags: ['test'] })).id;

  const FIRES: Record<Exclude<NotificationKind, 'test'>, { fire: Fire; title: RegExp }> = {
    newMessage: {
      title: /replied$/,
      fire: async (user) => {
        // A real reply: a chat with a bot, whose opening message is a finished reply, reported unseen.
        const botId = await botOf(other);
        const chat = (await call(t, user, 'POST', '/api/chats', { botId })).json() as { id: string };
        const messages = (await call(t, user, 'GET', `/api/chats/${chat.id}/messages`)).json() as { items: { id: string }[] };
        const unseen = async () => {
          const res = await call(t, user, 'POST', `/api/chats/${chat.id}/messages/${messages.items[0]!.id}/unseen`);
          expect(res.statusCode, res.body).toBe(204);
        };
        await unseen();
        return unseen;
      },
    },
    newFollower: {
      title: /started following you$/,
      fire: async (user) => {
        const follower = await t.signup({ displayName: 'Fred Follower' });
        return publish('user.followed', { followerId: follower.user.id, followeeId: user.user.id });
      },
    },
    botUpdate: {
      title: /was updated$/,
      fire: async (user, n) => {
        const botId = await botOf(other);
        expect((await call(t, user, 'POST', `/api/bots/${botId}/favorite`)).statusCode).toBe(200);
        return publish('bot.version_created', {
          botId,
          ownerId: other.user.id,
          authorId: other.user.id,
          name: 'Mira',
          versionId: uuid(n, 1),
          version: 2,
          changelog: 'Sharper wit.',
        });
      },
    },
    systemUpdate: {
      title: /^Maintenance/,
      fire: (_user, n) =>
        publish('system.broadcast', { broadcastId: uuid(n, 2), title: `Maintenance ${n}`, message: 'Tonight.', adminId: other.user.id }),
    },
    achievement_unlocked: {
      title: /^Achievement unlocked$/,
      fire: (user, n) => publish('gamification.achievement_unlocked', { userId: user.user.id, achievementId: `test_achievement_${n}` }),
    },
    level_up: {
      title: /^Level up!$/,
      fire: (user, n) => publish('gamification.level_up', { userId: user.user.id, level: 10 + n, prestigeLevel: 0 }),
    },
    quest_completed: {
      title: /^Quest completed$/,
      fire: (user, n) => publish('gamification.quest_completed', { userId: user.user.id, questId: 'daily_chat', runId: uuid(n, 3) }),
    },
    streak_milestone: {
      title: /-day streak!$/,
      fire: (user, n) =>
        publish('gamification.streak_milestone', { userId: user.user.id, type: 'daily_login', days: 7, day: `2026-01-${10 + n}` }),
    },
    reward_available: {
      title: /^Daily reward available$/,
      fire: (user, n) =>
        publish('gamification.reward_available', { userId: user.user.id, rewardId: 'daily_bonus', day: `2026-02-${10 + n}` }),
    },
    referralJoined: {
      title: /joined with your link$/,
      fire: (user, n) =>
        publish('referral.joined', { referralId: uuid(n, 4), referrerId: user.user.id, referredId: other.user.id, status: 'pending' }),
    },
    referralConfirmed: {
      title: /^Referral confirmed: \+50 tokens$/,
      fire: (user, n) =>
        publish('referral.confirmed', { referralId: uuid(n, 5), referrerId: user.user.id, referredId: other.user.id, bonus: 50 }),
    },
    purchasePaid: {
      title: /^Purchase complete: \+500 gems$/,
      fire: (user, n) =>
        publish('purchase.paid', {
          purchaseId: uuid(n, 6),
          userId: user.user.id,
          kind: 'gems',
          credits: 500,
          amountMinor: 499,
          currency: 'eur',
        }),
    },
    purchaseRefunded: {
      title: /^Purchase refunded$/,
      fire: (user, n) =>
        publish('purchase.refunded', { purchaseId: uuid(n, 7), userId: user.user.id, kind: 'tokens', recovered: 100, owed: 0 }),
    },
    botModerated: {
      title: /was hidden by moderation$/,
      fire: (user, n) =>
        publish('bot.moderated', {
          botId: uuid(n, 8),
          ownerId: user.user.id,
          name: 'Nyx',
          requestId: uuid(n, 9),
          action: 'hidden',
          reason: 'Spam',
        }),
    },
  };

  for (const [kind, { fire, title }] of Object.entries(FIRES) as [Exclude<NotificationKind, 'test'>, (typeof FIRES)['newMessage']][]) {
    it(`${kind}: in the bell, by email and by push per its switches; twice is once`, async () => {
      const user = await t.signup();
      const switches = EVENT_SWITCHES[KIND_EVENT[kind]!];
      const expected = [switches.email ? 'email' : null, switches.push ? 'push' : null].filter(Boolean);

      // Every switch on: the bell, the email and the push the event has.
      await setAll(user, true);
      const again = await fire(user, 1);
      const rows = await rowsOf(user.user.id, kind);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.title).toMatch(title);
      expect(await channelsQueued(user.user.id, kind)).toEqual(expected);

      // The same fact again (a repeated event): nothing more on any channel.
      await again();
      expect(await rowsOf(user.user.id, kind)).toHaveLength(1);
      expect(await channelsQueued(user.user.id, kind)).toEqual(expected);

      // The email reaches the dev outbox with the notice's words and link.
      await t.app.ctx.jobs.runDue();
      if (switches.email) {
        const mails = (await mailsTo(user.user.email)).filter((m) => title.test(m.subject.replace(/ — CharaChat$/, '')));
        expect(mails).toHaveLength(1);
      }

      // Every switch off: a new fact tells nothing.
      await setAll(user, false);
      await fire(user, 2);
      expect(await rowsOf(user.user.id, kind)).toHaveLength(1);
      expect(await channelsQueued(user.user.id, kind)).toEqual(expected);
    });
  }

  it('the master switches: email and push off send neither, the bell still shows', async () => {
    const user = await t.signup();
    await setAll(user, true);
    await call(t, user, 'PATCH', '/api/user/settings/notifications', { email: { enabled: false }, push: { enabled: false } });
    await FIRES.newFollower.fire(user, 1);
    expect(await rowsOf(user.user.id, 'newFollower')).toHaveLength(1);
    expect(await channelsQueued(user.user.id, 'newFollower')).toEqual([]);
  });

  it('the same event handled twice at once tells once', async () => {
    const user = await t.signup();
    await setAll(user, true);
    const payload = { purchaseId: uuid(1, 11), userId: user.user.id, kind: 'gems' as const, credits: 5, amountMinor: 100, currency: 'eur' };
    await Promise.all(Array.from({ length: 5 }, () => t.app.ctx.events.publish('purchase.paid', payload)));
    await t.app.ctx.events.settled();
    expect(await rowsOf(user.user.id, 'purchasePaid')).toHaveLength(1);
    expect(await channelsQueued(user.user.id, 'purchasePaid')).toEqual(['email']);
  });

  it('counts in notices carry the thousands separator of the language (+3,334 in English, +3 334 in Russian)', async () => {
    const user = await t.signup();
    const paid = { userId: user.user.id, kind: 'tokens' as const, credits: 3334, amountMinor: 2999, currency: 'eur' };
    await t.app.ctx.events.publish('purchase.paid', { ...paid, purchaseId: uuid(5, 12) });
    await t.app.ctx.events.settled();
    expect((await rowsOf(user.user.id, 'purchasePaid'))[0]!.title).toBe('Purchase complete: +3,334 tokens');
    expect((await call(t, user, 'PATCH', '/api/user/settings/appearance', { language: 'ru' })).statusCode).toBe(200);
    await t.app.ctx.events.publish('purchase.paid', { ...paid, purchaseId: uuid(6, 12) });
    await t.app.ctx.events.publish('purchase.refunded', {
      purchaseId: uuid(7, 12),
      userId: user.user.id,
      kind: 'tokens',
      recovered: 1200,
      owed: 2134,
    });
    await t.app.ctx.events.settled();
    const titles = (await rowsOf(user.user.id, 'purchasePaid')).map((r) => r.title);
    expect(titles).toContain('Покупка оплачена: +3\u00a0334 токенов');
    expect((await rowsOf(user.user.id, 'purchaseRefunded'))[0]!.body).toBe('Списано 1\u00a0200 токенов; 2\u00a0134 уже были потрачены.');
  });

  it('words in the user’s language: Russian for a Russian interface', async () => {
    const user = await t.signup();
    expect((await call(t, user, 'PATCH', '/api/user/settings/appearance', { language: 'ru' })).statusCode).toBe(200);
    await FIRES.purchaseRefunded.fire(user, 3);
    const [row] = await rowsOf(user.user.id, 'purchaseRefunded');
    expect(row).toMatchObject({ title: 'Покупка возвращена', body: 'Списано 100 токенов.', link: `/checkout/${uuid(3, 7)}` });
  });

  it('a new message: only for a finished reply of my own chat, once per reply', async () => {
    const user = await t.signup();
    const botId = await botOf(other);
    const chat = (await call(t, user, 'POST', '/api/chats', { botId })).json() as { id: string };
    const sent = await call(t, user, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hi!' });
    expect(sent.statusCode, sent.body).toBe(201);
    const { message, userMessage } = sent.json() as { message: { id: string; content: string }; userMessage: { id: string } };
    const unseen = (id: string, who: Session = user, chatId = chat.id) =>
      call(t, who, 'POST', `/api/chats/${chatId}/messages/${id}/unseen`);

    expect((await unseen(message.id)).statusCode).toBe(204);
    expect((await unseen(message.id)).statusCode).toBe(204);
    const rows = await rowsOf(user.user.id, 'newMessage');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ link: `/chats/${chat.id}` });
    expect(rows[0]!.body).toBe(message.content.length > 140 ? `${message.content.slice(0, 139).trimEnd()}…` : message.content);

    // The user's own message is no reply; another user's chat is not found; so is a message of another chat.
    expect((await unseen(userMessage.id)).statusCode).toBe(400);
    expect((await unseen(message.id, other)).statusCode).toBe(404);
    expect((await unseen('999999999')).statusCode).toBe(404);
    expect(await rowsOf(other.user.id, 'newMessage')).toHaveLength(0);
    expect(await rowsOf(user.user.id, 'newMessage')).toHaveLength(1);
  });

  it('a bot update reaches its favoriters but not its author, nor anyone for a private bot', async () => {
    const [fan, author, stranger] = [await t.signup(), await t.signup(), await t.signup()];
    const botId = await botOf(author);
    await call(t, fan, 'POST', `/api/bots/${botId}/favorite`);
    await call(t, author, 'POST', `/api/bots/${botId}/favorite`);
    const saved = await call(t, author, 'POST', `/api/bots/${botId}/versions`, { changelog: 'New greetings' });
    expect(saved.statusCode, saved.body).toBe(201);
    await t.app.ctx.events.settled();
    await t.app.ctx.jobs.runDue();
    const [row] = await rowsOf(fan.user.id, 'botUpdate');
    expect(row).toMatchObject({ link: `/bots/${botId}` });
    expect(row!.body).toMatch(/^Version \d+: New greetings$/);
    expect(await rowsOf(author.user.id, 'botUpdate')).toHaveLength(0);
    expect(await rowsOf(stranger.user.id, 'botUpdate')).toHaveLength(0);

    const hidden = await botOf(author);
    await call(t, fan, 'POST', `/api/bots/${hidden}/favorite`);
    await call(t, author, 'POST', `/api/bots/${hidden}/unpublish`);
    await call(t, author, 'POST', `/api/bots/${hidden}/versions`, { changelog: 'Secret' });
    await t.app.ctx.events.settled();
    await t.app.ctx.jobs.runDue();
    expect(await rowsOf(fan.user.id, 'botUpdate')).toHaveLength(1);
  });

  it('a referral: the referrer hears when the friend joins with the code, and when the friend is confirmed', async () => {
    const referrer = await signupWith(t, { displayName: 'Rita Referrer' });
    const code = await codeOf(t, referrer);
    const friend = await signupWith(t, { ref: code, displayName: 'Frank Friend' });
    await t.app.ctx.events.settled();
    const [joined] = await rowsOf(referrer.user.id, 'referralJoined');
    expect(joined).toMatchObject({ title: 'Frank Friend joined with your link', link: '/referrals' });
    expect(await rowsOf(referrer.user.id, 'referralConfirmed')).toHaveLength(0);
    await verifyEmail(t, friend);
    await t.app.ctx.events.settled();
    const [confirmed] = await rowsOf(referrer.user.id, 'referralConfirmed');
    expect(confirmed).toMatchObject({ title: 'Referral confirmed: +50 tokens', body: 'Frank Friend verified their email.' });
    // The friend is told nothing of the referrer's earnings.
    expect(await rowsOf(friend.user.id, 'referralConfirmed')).toHaveLength(0);
  });

  it("a Russian referrer's referral mails are in Russian", async () => {
    const referrer = await signupWith(t, { displayName: 'Рита' });
    expect((await call(t, referrer, 'POST', '/api/user/language', { language: 'ru' })).statusCode).toBe(200);
    const friend = await signupWith(t, { ref: await codeOf(t, referrer), displayName: 'Фёдор' });
    await verifyEmail(t, friend);
    await t.app.ctx.events.settled();
    await t.app.ctx.jobs.runDue();
    const subjects = (await mailsTo(referrer.user.email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['Фёдор зарегистрировался(-ась) по вашей ссылке — CharaChat', 'Реферал подтверждён: +50 токенов — CharaChat']),
    );
    expect(subjects.filter((s) => /joined|referral/i.test(s))).toEqual([]);
  });

  it('each bell row is announced once (notification.created), for the live stream', async () => {
    const user = await t.signup();
    const seen: string[] = [];
    const stop = t.app.ctx.events.subscribe('notification.created', 'test', ({ payload }) => {
      if (payload.userId === user.user.id) seen.push(`${payload.type}:${payload.notificationId}`);
    });
    await FIRES.level_up.fire(user, 5);
    await FIRES.level_up.fire(user, 5);
    stop();
    const rows = await rowsOf(user.user.id, 'level_up');
    expect(seen).toEqual(rows.map((r) => `level_up:${r.id}`));
  });

  it('the bell lists the new kinds through the API, each with its link', async () => {
    const user = await t.signup();
    await FIRES.purchasePaid.fire(user, 4);
    await FIRES.botModerated.fire(user, 4);
    const res = await call(t, user, 'GET', '/api/user/notifications');
    const items = (res.json() as { items: InAppNotification[] }).items;
    expect(items.map((n) => n.type).sort()).toEqual(['botModerated', 'purchasePaid']);
    expect(items.find((n) => n.type === 'botModerated')).toMatchObject({ body: 'Reason: Spam', link: `/bots/${uuid(4, 8)}` });
    // Only the user's own: none of these reached anyone else.
    const others = await t.database.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.type, ['purchasePaid', 'botModerated']), sql`${notifications.link} like ${`%${uuid(4, 8)}%`}`));
    expect(others.map((r) => r.userId)).toEqual([user.user.id]);
  });
});

describe('notifications: a system broadcast', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signup();
  });
  afterAll(async () => {
    await t.close();
  });
  const publish = async <N extends DomainEventName>(name: N, payload: DomainEventPayload<N>) => {
    const once = async () => {
      await t.app.ctx.events.publish(name, payload);
      await t.app.ctx.events.settled();
      await t.app.ctx.jobs.runDue();
    };
    await once();
    return once;
  };
  const rowsOf = async (userId: string, kind: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, kind)));
  const uuid = (n: number, seed: number) => `00000000-0000-4000-8000-${String(seed * 1000 + n).padStart(12, '0')}`;

  it('a system broadcast tells every user once, in batches, even when its event comes twice', async () => {
    // More users than one batch (500): most inserted directly, with email off so that no mail is queued for them.
    const base = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sql`users`);
    const extra = 1100 - (base[0]?.n ?? 0);
    await t.database.db.execute(sql`
      with made as (
        insert into users (email, username, display_name)
        select 'bulk' || g || '@example.com', 'bulk_' || g, 'Bulk ' || g from generate_series(1, ${extra}) g
        returning id
      )
      insert into user_settings (user_id, notifications)
      select id, '{"email":{"enabled":false},"inApp":{"systemAlerts":true}}'::jsonb from made
      returning user_id`);
    const quiet = await t.signup();
    await call(t, quiet, 'PATCH', '/api/user/settings/notifications', { inApp: { systemAlerts: false }, email: { enabled: false } });

    const broadcast = { broadcastId: uuid(1, 12), title: 'We have moved', message: 'New address.', adminId: admin.user.id };
    const again = await publish('system.broadcast', broadcast);
    await again();
    const [{ users: everyone }] = (await t.database.db.select({ users: sql<number>`count(*)::int` }).from(sql`users`)) as [
      { users: number },
    ];
    const [{ rows, people }] = (await t.database.db
      .select({ rows: sql<number>`count(*)::int`, people: sql<number>`count(distinct ${notifications.userId})::int` })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `systemUpdate:${broadcast.broadcastId}`))) as [{ rows: number; people: number }];
    // Everyone but the one who turned System Alerts off in the bell.
    expect(everyone).toBeGreaterThan(1000);
    expect(rows).toBe(everyone - 1);
    expect(people).toBe(everyone - 1);
    expect(await rowsOf(quiet.user.id, 'systemUpdate')).toHaveLength(0);
    const [row] = (await rowsOf(admin.user.id, 'systemUpdate')).filter((r) => r.title === 'We have moved');
    expect(row).toMatchObject({ body: 'New address.', link: null });
  });
});
