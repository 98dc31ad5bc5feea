import { describe, expect, it } from 'vitest';
import { QUESTS } from '@app/shared/gamification/quests';
import type { UserQuest } from '@app/shared/gamification/schemas';
import { LEVEL_UP_MS, noteLevel } from './level-memory';
import { eventKey, observedEvents } from './observed-events';
import {
  achievementStreak,
  canComplete,
  DEFAULT_PREFS,
  elapsed,
  expiryLabel,
  filterAchievements,
  groupQuests,
  overallProgress,
  persistedPrefs,
  questPercent,
  questStats,
  unclaimedCount,
  withProgress,
  type Achievement,
  type Mission,
} from './rules';
import { sanePrefs } from './store';

const NOW = new Date('2026-03-10T12:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const HOUR = 3_600_000;

function achievement(id: string, over: Partial<Achievement> = {}): Achievement {
  return {
    id,
    name: `Name ${id}`,
    description: `About ${id}`,
    icon: 'trophy',
    category: 'chat',
    rarity: 'common',
    points: 10,
    hidden: false,
    requirements: [{ type: 'messages_sent', value: 1 }],
    rewards: [{ type: 'xp', value: 50 }],
    unlockedShare: 0,
    ...over,
  };
}

function run(over: Partial<UserQuest> = {}): UserQuest {
  return {
    id: 'r1',
    questId: 'daily-chat',
    status: 'active',
    progress: [{ objectiveId: 'messages', currentValue: 2, completed: false }],
    progressPercent: 0,
    expired: false,
    startedAt: at(-HOUR),
    expiresAt: at(5 * HOUR),
    completedAt: null,
    claimedAt: null,
    restartAt: null,
    ...over,
  };
}

function mission(id: string, userQuest: UserQuest | null): Mission {
  const q = QUESTS.find((x) => x.id === id)!;
  return { ...q, objectives: [...q.objectives], rewards: [...q.rewards], userQuest };
}

describe('expiry label (§2.4, §9: 1 hour and 24 hours)', () => {
  it.each([
    [-1, { kind: 'expired' }],
    [0, { kind: 'expired' }],
    [1, { kind: 'lessThanHour' }],
    [HOUR - 1, { kind: 'lessThanHour' }],
    [HOUR, { kind: 'hours', count: 1 }],
    [5.5 * HOUR, { kind: 'hours', count: 5 }],
    [24 * HOUR - 1, { kind: 'hours', count: 23 }],
    [24 * HOUR, { kind: 'days', count: 1 }],
    [3 * 24 * HOUR + HOUR, { kind: 'days', count: 3 }],
  ])('%d ms left → %o', (left, label) => {
    expect(expiryLabel(at(left), NOW)).toEqual(label);
  });

  it('elapsed time picks the largest whole unit, at least a minute', () => {
    expect(elapsed(at(-10_000), NOW)).toEqual({ unit: 'minute', count: 1 });
    expect(elapsed(at(-5 * 60_000), NOW)).toEqual({ unit: 'minute', count: 5 });
    expect(elapsed(at(-3 * HOUR), NOW)).toEqual({ unit: 'hour', count: 3 });
    expect(elapsed(at(-50 * HOUR), NOW)).toEqual({ unit: 'day', count: 2 });
  });
});

describe('quest progress and tabs (§4)', () => {
  it('progress is the share of completed objectives, rounded; a finished run is 100', () => {
    const twoObjectives = (done: boolean[]) =>
      mission('story-first-steps', run({ progress: done.map((completed, i) => ({ objectiveId: `o${i}`, currentValue: 0, completed })) }));
    expect(questPercent(twoObjectives([false, false]))).toBe(0);
    expect(questPercent(twoObjectives([true, false]))).toBe(50);
    expect(questPercent(twoObjectives([true, true]))).toBe(100);
    expect(questPercent(mission('daily-chat', null))).toBe(0);
    expect(questPercent(mission('daily-chat', run({ status: 'completed' })))).toBe(100);
    expect(questPercent(mission('daily-chat', run({ status: 'abandoned' })))).toBe(0);
  });

  it('Complete is offered only for an active run at 100 % that has not expired', () => {
    const done = [{ objectiveId: 'messages', currentValue: 5, completed: true }];
    expect(canComplete(mission('daily-chat', run({ progress: done })))).toBe(true);
    expect(canComplete(mission('daily-chat', run()))).toBe(false);
    expect(canComplete(mission('daily-chat', run({ progress: done, expired: true })))).toBe(false);
    expect(canComplete(mission('daily-chat', run({ progress: done, status: 'completed' })))).toBe(false);
  });

  it('groups quests by their run: none or abandoned is available, claimed is history (newest first), the type filter narrows Available only', () => {
    const list = [
      mission('daily-chat', run()),
      mission('daily-explorer', null),
      mission('weekly-regular', run({ status: 'abandoned', restartAt: at(HOUR) })),
      mission('weekly-talker', run({ status: 'completed' })),
      mission('monthly-marathon', run({ status: 'claimed', claimedAt: at(-2 * HOUR) })),
      mission('monthly-creator', run({ status: 'claimed', claimedAt: at(-HOUR) })),
    ];
    const all = groupQuests(list);
    expect(all.active.map((m) => m.id)).toEqual(['daily-chat']);
    expect(all.available.map((m) => m.id)).toEqual(['daily-explorer', 'weekly-regular']);
    expect(all.completed.map((m) => m.id)).toEqual(['weekly-talker']);
    expect(all.history.map((m) => m.id)).toEqual(['monthly-creator', 'monthly-marathon']);
    expect(groupQuests(list, 'weekly').available.map((m) => m.id)).toEqual(['weekly-regular']);
    expect(groupQuests(list, 'challenge').available).toEqual([]);
    expect(questStats(list)).toEqual({ active: 1, completed: 1, claimed: 2, available: 2 });
  });
});

describe('achievements (§2.2)', () => {
  const catalogue = [
    achievement('a', { name: 'First Words', description: 'Send your first message' }),
    achievement('b', { name: 'Creator', description: 'Create a character', category: 'creation' }),
    achievement('h', { name: '???', description: 'Hidden achievement', hidden: true, category: 'special' }),
    achievement('hu', { name: 'Night Owl', description: 'A secret one', hidden: true, category: 'special' }),
  ];
  const mine = [
    { achievementId: 'a', progress: 100, completed: true, claimed: false, claimedAt: null, unlockedAt: at(-HOUR) },
    { achievementId: 'b', progress: 40, completed: false, claimed: false, claimedAt: null, unlockedAt: null },
    { achievementId: 'hu', progress: 100, completed: true, claimed: true, claimedAt: at(0), unlockedAt: at(-HOUR) },
  ];
  const list = withProgress(catalogue, mine);

  it('joins the catalogue with the progress (none: 0 %, not completed)', () => {
    expect(list.find((a) => a.id === 'h')).toMatchObject({ progress: 0, completed: false, claimed: false });
    expect(list.find((a) => a.id === 'b')).toMatchObject({ progress: 40, completed: false });
  });

  it('searches name or description, ignoring case, within the category; hidden unreached ones only when shown', () => {
    const ids = (f: Parameters<typeof filterAchievements>[1]) => filterAchievements(list, f).map((a) => a.id);
    expect(ids({ search: '', category: 'all', showHidden: false })).toEqual(['a', 'b', 'hu']);
    expect(ids({ search: '', category: 'all', showHidden: true })).toEqual(['a', 'b', 'h', 'hu']);
    expect(ids({ search: 'FIRST', category: 'all', showHidden: false })).toEqual(['a']);
    expect(ids({ search: 'character', category: 'all', showHidden: false })).toEqual(['b']);
    expect(ids({ search: '  words ', category: 'all', showHidden: false })).toEqual(['a']);
    expect(ids({ search: '', category: 'creation', showHidden: true })).toEqual(['b']);
    expect(ids({ search: 'first', category: 'creation', showHidden: true })).toEqual([]);
  });

  it('overall progress counts hidden ones only when shown', () => {
    // The ones left out are counted, so the page can say how many: its total plus them is the catalogue's.
    expect(overallProgress(list, false)).toEqual({ done: 2, total: 3, percent: 67, hidden: 1 });
    expect(overallProgress(list, true)).toEqual({ done: 2, total: 4, percent: 50, hidden: 0 });
    expect(overallProgress([], true)).toEqual({ done: 0, total: 0, percent: 0, hidden: 0 });
  });

  it('the unclaimed count is completed-but-unclaimed achievements plus completed quests (§4)', () => {
    expect(unclaimedCount(mine)).toBe(1);
    expect(
      unclaimedCount(mine, [
        mission('weekly-talker', run({ status: 'completed' })),
        mission('daily-chat', run()),
        mission('daily-explorer', null),
      ]),
    ).toBe(2);
    expect(unclaimedCount()).toBe(0);
  });

  it('the achievements streak counts days in a row with an unlock, ending today or yesterday', () => {
    const day = (d: string) => ({ unlockedAt: new Date(`${d}T12:00:00`).toISOString() });
    const now = new Date('2026-03-10T18:00:00');
    expect(achievementStreak([day('2026-03-10'), day('2026-03-09'), day('2026-03-09'), day('2026-03-07')], now)).toEqual({
      current: 2,
      longest: 2,
    });
    expect(achievementStreak([day('2026-03-09'), day('2026-03-08'), day('2026-03-07')], now)).toEqual({ current: 3, longest: 3 });
    expect(achievementStreak([day('2026-03-05'), { unlockedAt: null }], now)).toEqual({ current: 0, longest: 1 });
  });
});

describe("'gamification-storage' (§4)", () => {
  it('keeps only the category, the quest type and the hidden toggle, with defaults all and all', () => {
    expect(DEFAULT_PREFS).toEqual({ selectedCategory: 'all', selectedQuestType: 'all', showHidden: false });
    const state = {
      selectedCategory: 'chat' as const,
      selectedQuestType: 'daily' as const,
      showHidden: true,
      loading: true,
      error: { code: 'X' },
    };
    expect(persistedPrefs(state)).toEqual({ selectedCategory: 'chat', selectedQuestType: 'daily', showHidden: true });
  });

  it('falls back to the defaults for anything stored that the screens do not know', () => {
    expect(sanePrefs(null)).toEqual(DEFAULT_PREFS);
    expect(sanePrefs({ selectedCategory: 'nope', selectedQuestType: 42, showHidden: 'yes' })).toEqual(DEFAULT_PREFS);
    expect(sanePrefs({ selectedCategory: 'social', selectedQuestType: 'challenge', showHidden: true })).toEqual({
      selectedCategory: 'social',
      selectedQuestType: 'challenge',
      showHidden: true,
    });
  });
});

describe('the seen level (§2.3: Level Up! for 3 seconds)', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
  };

  it('the first level seen is no rise; a higher one is, for 3 seconds, per user', () => {
    const store = memory();
    expect(noteLevel('u-a', 3, 0, store)).toBeNull();
    expect(noteLevel('u-a', 3, 10, store)).toBeNull();
    expect(noteLevel('u-a', 4, 1000, store)).toEqual({ level: 4, until: 1000 + LEVEL_UP_MS });
    // Another card asking meanwhile shows it too; after 3 s no more.
    expect(noteLevel('u-a', 4, 2000, store)).toEqual({ level: 4, until: 1000 + LEVEL_UP_MS });
    expect(noteLevel('u-a', 4, 1000 + LEVEL_UP_MS, store)).toBeNull();
    expect(noteLevel('u-b', 9, 0, store)).toBeNull();
    // Lower (a prestige) is no rise, and is remembered.
    expect(noteLevel('u-a', 1, 9000, store)).toBeNull();
    expect(noteLevel('u-a', 2, 9500, store)).toEqual({ level: 2, until: 9500 + LEVEL_UP_MS });
  });
});

describe('in-app notifications from what changed (§2.12)', () => {
  const level = (n: number, milestone: number | null = null) => ({
    level: { level: n, xp: 0, xpToNextLevel: 1000, totalXp: (n - 1) * 1000, streakDays: 0, prestigeLevel: 0, rank: {}, nextMilestone: 10 },
    streaks: [{ type: 'daily_login', currentStreak: 3, longestStreak: 3, milestone }],
  });

  it('a level rise and a new streak milestone', () => {
    expect(observedEvents('level', level(2), level(3))).toEqual([{ type: 'level_up', level: 3 }]);
    expect(observedEvents('level', level(3), level(3))).toEqual([]);
    expect(observedEvents('level', level(3, null), level(3, 3))).toEqual([{ type: 'streak_milestone', streak: 'daily_login', days: 3 }]);
    expect(observedEvents('level', level(3, 3), level(3, 3))).toEqual([]);
  });

  it('achievements newly completed', () => {
    const ua = (done: string[]) => ({
      items: ['a', 'b'].map((id) => ({
        achievementId: id,
        progress: 0,
        completed: done.includes(id),
        claimed: false,
        claimedAt: null,
        unlockedAt: null,
      })),
    });
    expect(observedEvents('user-achievements', ua(['a']), ua(['a', 'b']))).toEqual([{ type: 'achievement_unlocked', achievementId: 'b' }]);
    expect(observedEvents('user-achievements', ua(['a']), ua(['a']))).toEqual([]);
  });

  it('a quest whose objectives became all done (not the Complete click itself)', () => {
    const done = [{ objectiveId: 'messages', currentValue: 5, completed: true }];
    const before = { items: [mission('daily-chat', run())] };
    const ready = { items: [mission('daily-chat', run({ progress: done }))] };
    const completed = { items: [mission('daily-chat', run({ progress: done, status: 'completed' }))] };
    expect(observedEvents('missions', before, ready)).toEqual([{ type: 'quest_completed', questId: 'daily-chat', name: 'Daily Chat' }]);
    expect(observedEvents('missions', ready, completed)).toEqual([]);
  });

  it('a reward that became claimable', () => {
    const rewards = (status: string) => ({ items: [{ id: 'daily', tokens: 50, status, progress: { current: 1, target: 1 } }] });
    expect(observedEvents('rewards', rewards('claimed'), rewards('claimable'))).toEqual([{ type: 'reward_available', rewardId: 'daily' }]);
    expect(observedEvents('rewards', rewards('claimable'), rewards('claimable'))).toEqual([]);
    expect(observedEvents('rewards', rewards('claimable'), rewards('claimed'))).toEqual([]);
  });

  it('nothing before the first answer, nothing for other queries; keys are stable', () => {
    expect(observedEvents('level', undefined, level(5))).toEqual([]);
    expect(observedEvents('ranks', { items: [] }, { items: [1] })).toEqual([]);
    expect(eventKey({ type: 'streak_milestone', streak: 'daily_chat', days: 7 })).toBe('streak_milestone:daily_chat:7');
  });
});
