import { eq } from 'drizzle-orm';
import { perkValue, REWARDS, type RewardId } from '@app/shared/gamification/levels';
import type { RewardList } from '@app/shared/gamification/schemas';
import type { Database, Executor } from '../../db/client';
import { ledgerEntries } from '../../db/schema/ledger';
import { conflict } from '../../lib/http-errors';
import { postLedgerEntry, type LedgerMetrics } from '../tokens';
import { unlockedCount } from './achievements';
import { progressOf, timeZoneOf } from './awards';
import { localDay, weekOf } from './local-day';
import { streakDays } from './streaks';

interface RewardState {
  id: RewardId;
  tokens: number;
  current: number;
  target: number;
  /** The ledger's idempotency key of this reward's payment for this period: paying twice is impossible. */
  key: string;
}

/**
 * What each reward pays now and how far the user is: the daily bonus (50 tokens, plus the rank's
 * perk) once per local day; the weekly 200 with a login streak of 7+, once per local week; the
 * achievements bonus 500 once, after 5 unlocked achievements.
 */
async function rewardStates(db: Executor, userId: string, now: Date): Promise<RewardState[]> {
  const today = localDay(now, await timeZoneOf(db, userId));
  const { level } = await progressOf(db, userId);
  const streak = await streakDays(db, userId, 'daily_login', today);
  const unlockedAchievements = await unlockedCount(db, userId);
  return [
    {
      id: 'daily',
      tokens: REWARDS.daily.tokens + perkValue(level, 'daily_bonus_tokens'),
      current: 1,
      target: REWARDS.daily.target,
      key: `reward:daily:${userId}:${today}`,
    },
    {
      id: 'weekly',
      tokens: REWARDS.weekly.tokens,
      current: Math.min(streak, REWARDS.weekly.target),
      target: REWARDS.weekly.target,
      key: `reward:weekly:${userId}:${weekOf(today)}`,
    },
    {
      id: 'achievements',
      tokens: REWARDS.achievements.tokens,
      current: Math.min(unlockedAchievements, REWARDS.achievements.target),
      target: REWARDS.achievements.target,
      key: `reward:achievements:${userId}`,
    },
  ];
}

async function isPaid(db: Executor, key: string): Promise<boolean> {
  const [row] = await db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key)).limit(1);
  return Boolean(row);
}

/** GET /api/gamification/rewards */
export async function listRewards(db: Executor, userId: string, now = new Date()): Promise<RewardList> {
  const states = await rewardStates(db, userId, now);
  const items = await Promise.all(
    states.map(async (s) => ({
      id: s.id,
      tokens: s.tokens,
      status: (await isPaid(db, s.key)) ? ('claimed' as const) : s.current >= s.target ? ('claimable' as const) : ('locked' as const),
      progress: { current: s.current, target: s.target },
    })),
  );
  return { items };
}

/**
 * Pays a reward through the tokens ledger, keyed by the reward and its period: the ledger's unique
 * key makes a second claim, even one of twenty at once, move nothing (409 REWARD_CLAIMED).
 */
export async function claimReward(db: Database, metrics: LedgerMetrics, userId: string, id: RewardId, now = new Date()) {
  const state = (await rewardStates(db, userId, now)).find((s) => s.id === id)!;
  if (state.current < state.target) throw conflict('REWARD_LOCKED', 'This reward is not unlocked yet');
  const posted = await postLedgerEntry(
    db,
    { userId, currency: 'tokens', amount: state.tokens, reason: `reward_${id}`, idempotencyKey: state.key },
    metrics,
  );
  if (posted.duplicate) throw conflict('REWARD_CLAIMED', 'This reward has already been claimed');
  return { balance: posted.balance, tokens: state.tokens };
}

/** Whether the daily bonus of a local day has been paid (a reward_available notice is for one still open). */
export async function dailyRewardPaid(db: Executor, userId: string, day: string): Promise<boolean> {
  return isPaid(db, `reward:daily:${userId}:${day}`);
}
