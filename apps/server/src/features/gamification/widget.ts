import { sql } from 'drizzle-orm';
import { levelOf, nextMilestone, rankOf } from '@app/shared/gamification/levels';
import { preparedSql, rowOf, type Executor } from '../../db/client';
import { userProgress, userQuests, xpAwards } from '../../db/schema/gamification';
import { ledgerEntries } from '../../db/schema/ledger';
import { userSettings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { localDay } from './local-day';
import { openQuestsOf } from './quests';
import { MAX_DAYS, summaryOf, withSignupDay } from './streaks';

interface WidgetRow {
  total_xp: string | number | null;
  prestige_level: number | null;
  created_at: Date | string;
  time_zone: string | null;
  login_days: string[];
  chat_days: string[];
  tokens_spent: number;
  runs: Record<string, unknown>[];
}

const daysOfSource = (source: string) => sql`(
  select coalesce(json_agg(d.day order by d.day desc), '[]'::json) from (
    select distinct to_char(${xpAwards.localDay}, 'YYYY-MM-DD') as day from ${xpAwards}
    where ${xpAwards.userId} = ${sql.placeholder('userId')} and ${xpAwards.source} = ${source}
    order by 1 desc limit ${MAX_DAYS}) d)`;

/**
 * Everything the caller's widget is computed from, in one round trip: the XP row, the time zone,
 * the signup instant, the days of both streaks, the tokens spent on replies and each quest's latest
 * run. It used to be 24 statements (the time zone read five times, the login days twice, one
 * query per quest), each a wait for the database.
 */
const widgetStatement = preparedSql<WidgetRow>(
  'gamification_widget',
  sql`select
    (select ${userProgress.totalXp} from ${userProgress} where ${userProgress.userId} = ${sql.placeholder('userId')}) as total_xp,
    (select ${userProgress.prestigeLevel} from ${userProgress} where ${userProgress.userId} = ${sql.placeholder('userId')}) as prestige_level,
    ${users.createdAt} as created_at,
    ${userSettings.timeZone} as time_zone,
    ${daysOfSource('daily_login')} as login_days,
    ${daysOfSource('message')} as chat_days,
    (select coalesce(-sum(${ledgerEntries.amount}), 0)::int from ${ledgerEntries}
      where ${ledgerEntries.userId} = ${sql.placeholder('userId')} and ${ledgerEntries.currency} = 'tokens'
        and ${ledgerEntries.reason} in ('reply', 'reply_refund')) as tokens_spent,
    (select coalesce(json_agg(row_to_json(q)), '[]'::json) from (
      select distinct on (${userQuests.questId}) * from ${userQuests}
      where ${userQuests.userId} = ${sql.placeholder('userId')}
      order by ${userQuests.questId}, ${userQuests.startedAt} desc) q) as runs
  from ${users} left join ${userSettings} on ${userSettings.userId} = ${users.id}
  where ${users.id} = ${sql.placeholder('userId')}`,
);

/**
 * GET /api/gamification/user/{id} for the caller: the level (with the login streak), the open
 * quests, both streaks and the tokens spent, as levelAnswerOf, openQuestsOf, streakSummary and
 * tokensSpentOf answer them. Null when the user is gone.
 */
export async function ownWidgetOf(db: Executor, userId: string, now = new Date()) {
  const [row] = await widgetStatement(db).execute({ userId });
  if (!row) return null;
  const timeZone = row.time_zone ?? 'UTC';
  const today = localDay(now, timeZone);
  const loginDays = withSignupDay(row.login_days, localDay(new Date(row.created_at), timeZone));
  const login = summaryOf('daily_login', loginDays, today);
  const chat = summaryOf('daily_chat', row.chat_days, today);
  const progress = levelOf(Number(row.total_xp ?? 0));
  const rank = rankOf(progress.level);
  const level = {
    ...progress,
    prestigeLevel: row.prestige_level ?? 0,
    streakDays: login.currentStreak,
    rank: { ...rank, perks: [...rank.perks] },
    nextMilestone: nextMilestone(progress.level),
  };
  const latest = row.runs.map((raw) => rowOf(userQuests, raw));
  const quests = await openQuestsOf(db, userId, now, { timeZone, latest });
  return { level, quests, streaks: [login, chat], tokensSpent: Math.max(0, row.tokens_spent ?? 0) };
}
