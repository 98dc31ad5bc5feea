import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oauthAccounts, sessions } from '../../db/schema/auth';
import { botCollaborators, botFavorites, bots, botVersions } from '../../db/schema/bots';
import { botRatings, chatMessages, chats } from '../../db/schema/chats';
import { lorebooks } from '../../db/schema/lorebooks';
import { personas } from '../../db/schema/personas';
import { apiKeys, webhooks } from '../../db/schema/integrations';
import { ledgerEntries, wallets } from '../../db/schema/ledger';
import { searchHistory } from '../../db/schema/search';
import { twoFactor } from '../../db/schema/security';
import { notifications, settingsSnapshots, userSettings } from '../../db/schema/settings';
import { userFollows, users } from '../../db/schema/users';
import { readAllSettings } from '../account';

/**
 * What a data export holds, read from the database part by part. Large parts (bots, chats and
 * their messages, ledger entries, notifications) are read in pages and yielded one record at a
 * time, so an account with 10,000 messages never has them all in memory as rows at once.
 * Nothing secret leaves: no password hash, no two-factor secret or backup codes, no API key or
 * token hashes, no webhook secrets.
 */

const PAGE = 500;

export type ChatRow = typeof chats.$inferSelect;

/** Yields the rows of `fetch(after)` page by page, `after` being the last key of the previous page. */
async function* paged<R, K>(fetch: (after: K | null) => Promise<R[]>, keyOf: (row: R) => K): AsyncGenerator<R> {
  let after: K | null = null;
  for (;;) {
    const rows = await fetch(after);
    for (const row of rows) yield row;
    if (rows.length < PAGE) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** The account: profile fields, sign-in methods, two-factor state. */
export async function readProfile(db: Database, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      displayName: users.displayName,
      role: users.role,
      tier: users.tier,
      emailVerifiedAt: users.emailVerifiedAt,
      avatarUrl: users.avatarUrl,
      bio: users.bio,
      location: users.location,
      website: users.website,
      socialLinks: users.socialLinks,
      passwordChangedAt: users.passwordChangedAt,
      deletionRequestedAt: users.deletionRequestedAt,
      scheduledDeletionAt: users.scheduledDeletionAt,
      exportRequestedAt: users.exportRequestedAt,
      signupRef: users.signupRef,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [tf] = await db
    .select({ method: twoFactor.method, phone: twoFactor.phone, enabledAt: twoFactor.enabledAt })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  const linkedAccounts = await db
    .select({ provider: oauthAccounts.provider, email: oauthAccounts.email, createdAt: oauthAccounts.createdAt })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(asc(oauthAccounts.createdAt));
  return {
    ...user,
    twoFactor: tf?.enabledAt ? { enabled: true, method: tf.method, phone: tf.phone, enabledAt: tf.enabledAt } : { enabled: false },
    linkedAccounts,
  };
}

/** Every settings section, the security alerts choice, the blocked users, backups and own presets. */
export async function readSettings(db: Database, userId: string) {
  const sections = await readAllSettings(db, userId);
  const [row] = await db.select({ loginAlerts: userSettings.loginAlerts }).from(userSettings).where(eq(userSettings.userId, userId));
  const snapshots = await db
    .select({
      id: settingsSnapshots.id,
      kind: settingsSnapshots.kind,
      name: settingsSnapshots.name,
      data: settingsSnapshots.data,
      createdAt: settingsSnapshots.createdAt,
    })
    .from(settingsSnapshots)
    .where(eq(settingsSnapshots.userId, userId))
    .orderBy(asc(settingsSnapshots.createdAt));
  return {
    ...sections,
    security: { loginAlerts: row?.loginAlerts ?? true },
    backups: snapshots.filter((s) => s.kind === 'backup'),
    presets: snapshots.filter((s) => s.kind === 'preset'),
  };
}

/** The user's own bots, whole (without the derived search columns), each with its version history. */
export async function* readBots(db: Database, userId: string) {
  const rows = paged(
    (after: string | null) =>
      db
        .select()
        .from(bots)
        .where(after ? and(eq(bots.createdBy, userId), gt(bots.id, after)) : eq(bots.createdBy, userId))
        .orderBy(asc(bots.id))
        .limit(PAGE),
    (b) => b.id,
  );
  for await (const { searchText: _s, tagKeys: _t, ...bot } of rows) {
    const versions = await db
      .select({
        version: botVersions.version,
        changelog: botVersions.changelog,
        snapshot: botVersions.snapshot,
        authorId: botVersions.authorId,
        createdAt: botVersions.createdAt,
      })
      .from(botVersions)
      .where(eq(botVersions.botId, bot.id))
      .orderBy(asc(botVersions.version));
    const collaborators = await db
      .select({ userId: botCollaborators.userId, role: botCollaborators.role, createdAt: botCollaborators.createdAt })
      .from(botCollaborators)
      .where(eq(botCollaborators.botId, bot.id));
    yield { ...bot, versions, collaborators };
  }
}

/** The user's conversations, page by page. */
export function readChats(db: Database, userId: string): AsyncGenerator<ChatRow> {
  return paged(
    (after: string | null) =>
      db
        .select()
        .from(chats)
        .where(after ? and(eq(chats.userId, userId), gt(chats.id, after)) : eq(chats.userId, userId))
        .orderBy(asc(chats.id))
        .limit(PAGE),
    (c) => c.id,
  );
}

/** One conversation's messages in order, regenerated alternatives included. */
export function readMessages(db: Database, chatId: string) {
  return paged(
    (after: number | null) =>
      db
        .select({
          id: chatMessages.id,
          role: chatMessages.role,
          content: chatMessages.content,
          status: chatMessages.status,
          groupId: chatMessages.groupId,
          variant: chatMessages.variant,
          selected: chatMessages.selected,
          error: chatMessages.error,
          tokensUsed: chatMessages.tokensUsed,
          responseMs: chatMessages.responseMs,
          createdAt: chatMessages.createdAt,
          editedAt: chatMessages.editedAt,
        })
        .from(chatMessages)
        .where(after === null ? eq(chatMessages.chatId, chatId) : and(eq(chatMessages.chatId, chatId), gt(chatMessages.id, after)))
        .orderBy(asc(chatMessages.id))
        .limit(PAGE),
    (m) => m.id,
  );
}

/** Ratings the user gave, favourites, bots they collaborate on, whom they follow and who follows them. */
export async function readActivity(db: Database, userId: string) {
  const ratings = await db
    .select({ botId: botRatings.botId, botName: bots.name, rating: botRatings.rating, createdAt: botRatings.createdAt })
    .from(botRatings)
    .innerJoin(bots, eq(bots.id, botRatings.botId))
    .where(eq(botRatings.userId, userId))
    .orderBy(asc(botRatings.createdAt));
  const favorites = await db
    .select({ botId: botFavorites.botId, botName: bots.name, createdAt: botFavorites.createdAt })
    .from(botFavorites)
    .innerJoin(bots, eq(bots.id, botFavorites.botId))
    .where(eq(botFavorites.userId, userId))
    .orderBy(asc(botFavorites.createdAt));
  const collaborations = await db
    .select({ botId: botCollaborators.botId, botName: bots.name, role: botCollaborators.role, createdAt: botCollaborators.createdAt })
    .from(botCollaborators)
    .innerJoin(bots, eq(bots.id, botCollaborators.botId))
    .where(eq(botCollaborators.userId, userId))
    .orderBy(asc(botCollaborators.createdAt));
  const followRow = (id: typeof userFollows.followerId | typeof userFollows.followeeId) =>
    db
      .select({ userId: users.id, username: users.username, since: userFollows.createdAt })
      .from(userFollows)
      .innerJoin(users, eq(users.id, id));
  const following = await followRow(userFollows.followeeId).where(eq(userFollows.followerId, userId)).orderBy(asc(userFollows.createdAt));
  const followers = await followRow(userFollows.followerId).where(eq(userFollows.followeeId, userId)).orderBy(asc(userFollows.createdAt));
  return { ratings, favorites, collaborations, follows: { following, followers } };
}

export async function readBalances(db: Database, userId: string) {
  return db
    .select({ currency: wallets.currency, balance: wallets.balance, updatedAt: wallets.updatedAt })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .orderBy(asc(wallets.currency));
}

/** Every ledger movement of the user, oldest first (the idempotency keys are internal and stay out). */
export function readLedgerEntries(db: Database, userId: string) {
  return paged(
    (after: number | null) =>
      db
        .select({
          id: ledgerEntries.id,
          currency: ledgerEntries.currency,
          amount: ledgerEntries.amount,
          reason: ledgerEntries.reason,
          reference: ledgerEntries.reference,
          balanceAfter: ledgerEntries.balanceAfter,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .where(after === null ? eq(ledgerEntries.userId, userId) : and(eq(ledgerEntries.userId, userId), gt(ledgerEntries.id, after)))
        .orderBy(asc(ledgerEntries.id))
        .limit(PAGE),
    (e) => e.id,
  );
}

export function readNotifications(db: Database, userId: string) {
  return paged(
    (after: string | null) =>
      db
        .select({
          id: notifications.id,
          type: notifications.type,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          readAt: notifications.readAt,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(after ? and(eq(notifications.userId, userId), gt(notifications.id, after)) : eq(notifications.userId, userId))
        .orderBy(asc(notifications.id))
        .limit(PAGE),
    (n) => n.id,
  );
}

/** The recent searches the dialog keeps (at most 10), the latest first. */
export function readSearches(db: Database, userId: string) {
  return db
    .select({ query: searchHistory.query, searchedAt: searchHistory.searchedAt })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.searchedAt));
}

/** API keys and webhooks as metadata: never a key hash or a signing secret. */
export async function readIntegrations(db: Database, userId: string) {
  const keys = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      permissions: apiKeys.permissions,
      lastUsedAt: apiKeys.lastUsedAt,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(asc(apiKeys.createdAt));
  const hooks = await db
    .select({
      id: webhooks.id,
      url: webhooks.url,
      events: webhooks.events,
      active: webhooks.active,
      createdAt: webhooks.createdAt,
      updatedAt: webhooks.updatedAt,
    })
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
    .orderBy(asc(webhooks.createdAt));
  return { apiKeys: keys, webhooks: hooks };
}

/** The personas (issue 20 §2), the default first. */
export async function readPersonas(db: Database, userId: string) {
  return db
    .select({
      id: personas.id,
      name: personas.name,
      description: personas.description,
      avatarUrl: personas.avatarUrl,
      isDefault: personas.isDefault,
      createdAt: personas.createdAt,
      updatedAt: personas.updatedAt,
    })
    .from(personas)
    .where(eq(personas.ownerId, userId))
    .orderBy(desc(personas.isDefault), asc(personas.createdAt));
}

/** The lorebooks (issue 20 §1), whole, with their entries. */
export async function readLorebooks(db: Database, userId: string) {
  return db.select().from(lorebooks).where(eq(lorebooks.ownerId, userId)).orderBy(asc(lorebooks.createdAt));
}

/** The sign-in sessions (devices), without any token. */
export async function readSessions(db: Database, userId: string) {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      browser: sessions.browser,
      os: sessions.os,
      ip: sessions.ip,
      method: sessions.method,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}
