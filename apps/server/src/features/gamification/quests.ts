import { and, count, countDistinct, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  QUEST_RESTART_COOLDOWN_MS,
  QUESTS,
  questProgressPercent,
  type ObjectiveType,
  type QuestDef,
} from '@app/shared/gamification/quests';
import type { Database, Executor } from '../../db/client';
import { botFavorites, bots } from '../../db/schema/bots';
import { chatMessages, chats } from '../../db/schema/chats';
import { userQuests, xpAwards } from '../../db/schema/gamification';
import { userFollows } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/http-errors';
import { countPosting, postLedgerEntry, type LedgerMetrics, type LedgerPosting } from '../tokens';
import { awardXp, timeZoneOf } from './awards';
import { botsChatted } from './bots-chatted';
import { addDays, localDay, startOfLocalDay, weekOf } from './local-day';

type UserQuestRow = typeof userQuests.$inferSelect;
const BY_ID = new Map(QUESTS.map((q) => [q.id, q]));

/** The quest's period now (one run per period) and when a run started now ends, in the user's zone. */
function periodOf(quest: QuestDef, now: Date, timeZone: string): { period: string; startDay: string; expiresAt: Date | null } {
  const today = localDay(now, timeZone);
  const at = (day: string) => startOfLocalDay(day, timeZone);
  switch (quest.type) {
    case 'daily':
      return { period: today, startDay: today, expiresAt: at(addDays(today, 1)) };
    case 'weekly':
      return { period: weekOf(today), startDay: today, expiresAt: at(addDays(weekOf(today), 7)) };
    case 'monthly': {
      const [y, m] = today.split('-').map(Number) as [number, number];
      const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
      return { period: today.slice(0, 7), startDay: today, expiresAt: at(next) };
    }
    case 'seasonal': {
      const [y, m] = today.split('-').map(Number) as [number, number];
      const q = Math.floor((m - 1) / 3);
      const next = q === 3 ? `${y + 1}-01-01` : `${y}-${String(q * 3 + 4).padStart(2, '0')}-01`;
      return { period: `${y}-Q${q + 1}`, startDay: today, expiresAt: at(next) };
    }
    case 'challenge':
      return { period: today, startDay: today, expiresAt: new Date(now.getTime() + 7 * 86_400_000) };
    default:
      return { period: 'once', startDay: today, expiresAt: null };
  }
}

const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);

/** How far an objective got between the run's start and its end (or now). */
async function countObjective(db: Executor, userId: string, type: ObjectiveType, run: UserQuestRow, until: Date): Promise<number> {
  const between = (column: PgColumn) => and(gte(column, run.startedAt), lt(column, until));
  switch (type) {
    case 'messages_sent':
      return n(
        db
          .select({ n: count() })
          .from(chatMessages)
          .innerJoin(chats, eq(chats.id, chatMessages.chatId))
          .where(
            and(eq(chats.userId, userId), eq(chatMessages.role, 'user'), eq(chatMessages.copied, false), between(chatMessages.createdAt)),
          ),
      );
    case 'bots_chatted':
      // Characters the user wrote to during the run.
      return n(botsChatted(db, userId, and(eq(chatMessages.role, 'user'), between(chatMessages.createdAt))));
    case 'bots_created':
      return n(
        db
          .select({ n: count() })
          .from(bots)
          .where(and(eq(bots.createdBy, userId), isNull(bots.cardSource), between(bots.createdAt))),
      );
    case 'bots_published':
      return n(
        db
          .select({ n: count() })
          .from(xpAwards)
          .where(and(eq(xpAwards.userId, userId), eq(xpAwards.source, 'bot_published'), between(xpAwards.createdAt))),
      );
    case 'days_logged_in':
      // Days, not moments: the day the quest started counts when the user signed in on it at all.
      return n(
        db
          .select({ n: countDistinct(xpAwards.localDay) })
          .from(xpAwards)
          .where(
            and(
              eq(xpAwards.userId, userId),
              eq(xpAwards.source, 'daily_login'),
              gte(xpAwards.localDay, run.startDay),
              lt(xpAwards.createdAt, until),
            ),
          ),
      );
    case 'favorites_given':
      return n(
        db
          .select({ n: count() })
          .from(botFavorites)
          .where(and(eq(botFavorites.userId, userId), between(botFavorites.createdAt))),
      );
    case 'users_followed':
      return n(
        db
          .select({ n: count() })
          .from(userFollows)
          .where(and(eq(userFollows.followerId, userId), between(userFollows.createdAt))),
      );
  }
}

async function progressOfRun(db: Executor, quest: QuestDef, run: UserQuestRow, now: Date) {
  const until = run.expiresAt && run.expiresAt < now ? run.expiresAt : now;
  return Promise.all(
    quest.objectives.map(async (o) => {
      const value = await countObjective(db, run.userId, o.type, run, until);
      return { objectiveId: o.id, currentValue: Math.min(value, o.requiredValue), completed: value >= o.requiredValue };
    }),
  );
}

async function answerOf(db: Executor, quest: QuestDef, run: UserQuestRow, now: Date) {
  const finished = run.status === 'completed' || run.status === 'claimed';
  const progress = finished
    ? quest.objectives.map((o) => ({ objectiveId: o.id, currentValue: o.requiredValue, completed: true }))
    : await progressOfRun(db, quest, run, now);
  return {
    id: run.id,
    questId: run.questId,
    status: run.status,
    progress,
    progressPercent: questProgressPercent(progress),
    expired: Boolean(run.expiresAt && run.expiresAt <= now && run.status === 'active'),
    startedAt: run.startedAt.toISOString(),
    expiresAt: run.expiresAt?.toISOString() ?? null,
    completedAt: run.completedAt?.toISOString() ?? null,
    claimedAt: run.claimedAt?.toISOString() ?? null,
    restartAt:
      run.status === 'abandoned' && run.abandonedAt ? new Date(run.abandonedAt.getTime() + QUEST_RESTART_COOLDOWN_MS).toISOString() : null,
  };
}
export type UserQuestAnswer = Awaited<ReturnType<typeof answerOf>>;

/**
 * The run that applies to a quest now, given its latest run: the one of the current period; for a
 * challenge (whose period is the day it started) also a run still going. An abandoned run whose
 * cooldown is over applies no more: the quest is available again.
 */
function runThatApplies(latest: UserQuestRow | undefined, quest: QuestDef, now: Date, timeZone: string): UserQuestRow | null {
  if (!latest) return null;
  const { period } = periodOf(quest, now, timeZone);
  const applies = latest.period === period || (quest.type === 'challenge' && (latest.status === 'active' || latest.status === 'completed'));
  if (!applies) return null;
  if (latest.status === 'abandoned' && latest.abandonedAt && now.getTime() - latest.abandonedAt.getTime() >= QUEST_RESTART_COOLDOWN_MS)
    return null;
  return latest;
}

async function currentRun(db: Executor, userId: string, quest: QuestDef, now: Date, timeZone: string): Promise<UserQuestRow | null> {
  const [latest] = await db
    .select()
    .from(userQuests)
    .where(and(eq(userQuests.userId, userId), eq(userQuests.questId, quest.id)))
    .orderBy(desc(userQuests.startedAt))
    .limit(1);
  return runThatApplies(latest, quest, now, timeZone);
}

/** Each quest's latest run of the user, in one statement (not one per quest). */
export async function latestRunsOf(db: Executor, userId: string): Promise<UserQuestRow[]> {
  return db
    .selectDistinctOn([userQuests.questId])
    .from(userQuests)
    .where(eq(userQuests.userId, userId))
    .orderBy(userQuests.questId, desc(userQuests.startedAt));
}

/** GET /api/gamification/missions: every quest, with the caller's run of it now (null: available). */
export async function missionsFor(db: Executor, userId: string, now = new Date()) {
  const [timeZone, latest] = await Promise.all([timeZoneOf(db, userId), latestRunsOf(db, userId)]);
  const byQuest = new Map(latest.map((run) => [run.questId, run]));
  return Promise.all(
    QUESTS.map(async (quest) => {
      const run = runThatApplies(byQuest.get(quest.id), quest, now, timeZone);
      return {
        ...quest,
        objectives: [...quest.objectives],
        rewards: [...quest.rewards],
        userQuest: run ? await answerOf(db, quest, run, now) : null,
      };
    }),
  );
}

/**
 * The caller's quests that are under way or waiting for a claim (the level card and the widget),
 * from each quest's latest run (latestRunsOf) when the caller has read them already.
 */
export async function openQuestsOf(db: Executor, userId: string, now = new Date(), known?: { timeZone: string; latest: UserQuestRow[] }) {
  const { timeZone, latest } = known ?? {
    timeZone: await timeZoneOf(db, userId),
    latest: await latestRunsOf(db, userId),
  };
  const byQuest = new Map(latest.map((run) => [run.questId, run]));
  const open = QUESTS.flatMap((quest) => {
    const run = runThatApplies(byQuest.get(quest.id), quest, now, timeZone);
    return run && (run.status === 'active' || run.status === 'completed') ? [{ quest, run }] : [];
  });
  return Promise.all(open.map(({ quest, run }) => answerOf(db, quest, run, now)));
}

function questOf(id: string): QuestDef {
  const quest = BY_ID.get(id);
  if (!quest) throw notFound('Quest not found');
  return quest;
}

/**
 * The lifecycle: available → active (start) → completed (complete, at 100 %) → claimed (claim,
 * paid once); active → abandoned (abandon; the progress is lost, a restart waits the cooldown).
 * Any other move is 409 with a code. Each move is one conditional UPDATE (or the INSERT of a new
 * run), so of two concurrent moves only one happens.
 */
export async function startQuest(db: Database, userId: string, questId: string, now = new Date()) {
  const quest = questOf(questId);
  const timeZone = await timeZoneOf(db, userId);
  const run = await currentRun(db, userId, quest, now, timeZone);
  if (run) {
    if (run.status === 'abandoned') throw conflict('QUEST_COOLDOWN', 'This quest can be started again later');
    if (run.status === 'claimed') throw conflict('QUEST_CLAIMED', 'This quest is done for now');
    throw conflict('QUEST_ALREADY_STARTED', 'This quest is already under way');
  }
  const { period, startDay, expiresAt } = periodOf(quest, now, timeZone);
  // A daily quest asks for what is done "today": its first run counts from the local midnight, so
  // what the user did before pressing Start is not silently lost. The abandoned run of this period
  // started again counts from now (abandoning drops the progress, as the user was told).
  const countsFrom = quest.type === 'daily' ? startOfLocalDay(startDay, timeZone) : now;
  const [row] = await db
    .insert(userQuests)
    .values({ userId, questId, period, status: 'active', startedAt: countsFrom, startDay, expiresAt })
    .onConflictDoUpdate({
      target: [userQuests.userId, userQuests.questId, userQuests.period],
      set: { status: 'active', startedAt: now, startDay, expiresAt, abandonedAt: null },
      setWhere: sql`${userQuests.status} = 'abandoned'`,
    })
    .returning();
  if (!row) throw conflict('QUEST_ALREADY_STARTED', 'This quest is already under way');
  return answerOf(db, quest, row, now);
}

async function requireRun(db: Executor, userId: string, quest: QuestDef, now: Date): Promise<UserQuestRow> {
  const run = await currentRun(db, userId, quest, now, await timeZoneOf(db, userId));
  if (!run || run.status === 'abandoned') throw conflict('QUEST_NOT_STARTED', 'This quest has not been started');
  return run;
}

export async function completeQuest(db: Database, userId: string, questId: string, now = new Date()) {
  const quest = questOf(questId);
  const run = await requireRun(db, userId, quest, now);
  if (run.status !== 'active') throw conflict('QUEST_NOT_ACTIVE', 'This quest is already completed');
  if (run.expiresAt && run.expiresAt <= now) throw conflict('QUEST_EXPIRED', 'This quest has expired');
  const progress = await progressOfRun(db, quest, run, now);
  if (!progress.every((p) => p.completed)) throw conflict('QUEST_NOT_DONE', 'Complete every objective first');
  const [row] = await db
    .update(userQuests)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(userQuests.id, run.id), eq(userQuests.status, 'active')))
    .returning();
  if (!row) throw conflict('QUEST_NOT_ACTIVE', 'This quest is already completed');
  return answerOf(db, quest, row, now);
}

export async function claimQuest(db: Database, metrics: LedgerMetrics, userId: string, questId: string, now = new Date()) {
  const quest = questOf(questId);
  const run = await requireRun(db, userId, quest, now);
  if (run.status === 'claimed') throw conflict('QUEST_CLAIMED', 'This quest has already been claimed');
  if (run.status !== 'completed') throw conflict('QUEST_NOT_COMPLETED', 'Complete the quest first');
  const postings: LedgerPosting[] = [];
  const row = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(userQuests)
      .set({ status: 'claimed', claimedAt: now })
      .where(and(eq(userQuests.id, run.id), eq(userQuests.status, 'completed')))
      .returning();
    if (!claimed) throw conflict('QUEST_CLAIMED', 'This quest has already been claimed');
    for (const reward of quest.rewards) {
      if (reward.type === 'xp') {
        await awardXp(tx, { userId, source: 'quest', sourceId: run.id, base: reward.value, multiply: false });
      } else {
        const posting: LedgerPosting = {
          userId,
          currency: 'tokens',
          amount: reward.value,
          reason: 'quest',
          reference: quest.id,
          idempotencyKey: `quest:${run.id}:tokens`,
        };
        await postLedgerEntry(tx, posting, null);
        postings.push(posting);
      }
    }
    return claimed;
  });
  for (const posting of postings) countPosting(metrics, posting);
  return { rewards: [...quest.rewards], userQuest: await answerOf(db, quest, row, now) };
}

export async function abandonQuest(db: Database, userId: string, questId: string, now = new Date()) {
  const quest = questOf(questId);
  const run = await requireRun(db, userId, quest, now);
  if (run.status !== 'active') throw conflict('QUEST_NOT_ACTIVE', 'Only a quest under way can be abandoned');
  const [row] = await db
    .update(userQuests)
    .set({ status: 'abandoned', abandonedAt: now })
    .where(and(eq(userQuests.id, run.id), eq(userQuests.status, 'active')))
    .returning();
  if (!row) throw conflict('QUEST_NOT_ACTIVE', 'Only a quest under way can be abandoned');
  return answerOf(db, quest, row, now);
}

/**
 * The runs under way whose objectives are all done now (the quest_completed notice: the user may
 * complete and claim them). Only active, unexpired runs are counted, so most users cost one query.
 */
export async function runsAtFullProgress(db: Executor, userId: string, now = new Date()): Promise<{ questId: string; runId: string }[]> {
  const runs = await db
    .select()
    .from(userQuests)
    .where(and(eq(userQuests.userId, userId), eq(userQuests.status, 'active')));
  const done: { questId: string; runId: string }[] = [];
  for (const run of runs) {
    const quest = BY_ID.get(run.questId);
    if (!quest || (run.expiresAt && run.expiresAt <= now)) continue;
    const progress = await progressOfRun(db, quest, run, now);
    if (progress.every((p) => p.completed)) done.push({ questId: quest.id, runId: run.id });
  }
  return done;
}
