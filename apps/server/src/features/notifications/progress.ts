import { ACHIEVEMENTS } from '@app/shared/gamification/achievements';
import { QUESTS } from '@app/shared/gamification/quests';
import { CATALOGUE_TEXTS_RU } from '@app/shared/gamification/texts-ru';
import { ROUTES } from '@app/shared/app/routes';
import type { AppContext } from '../../context';
import { notifyUser, type Language } from './notify';

/** The five in-app notices of progress (gamification.md §2.12); the row's type is one of them. */
export type ProgressNotice = 'reward_available' | 'achievement_unlocked' | 'level_up' | 'quest_completed' | 'streak_milestone';

/** Issue 17's pages that a notice opens (the quests at /missions, the level and rewards at /gamification). */
const PAGES = { missions: '/missions', gamification: '/gamification' } as const;

type Texts = { title: string; body: string };

/** The words of each notice, in the user's interface language (appearance: language). */
const TEXTS: Record<ProgressNotice, Record<Language, (v: Record<string, string | number>) => Texts>> = {
  level_up: {
    en: (v) => ({ title: 'Level up!', body: `You reached level ${v.level}.` }),
    ru: (v) => ({ title: 'Новый уровень!', body: `Вы достигли уровня ${v.level}.` }),
  },
  achievement_unlocked: {
    en: (v) => ({ title: 'Achievement unlocked', body: `${v.name}: claim your reward.` }),
    ru: (v) => ({ title: 'Достижение получено', body: `${v.nameRu}: заберите награду.` }),
  },
  quest_completed: {
    en: (v) => ({ title: 'Quest completed', body: `${v.name}: every objective is done. Complete it to claim the reward.` }),
    ru: (v) => ({ title: 'Задание выполнено', body: `${v.nameRu}: все цели достигнуты. Завершите его, чтобы получить награду.` }),
  },
  streak_milestone: {
    en: (v) => ({
      title: `${v.days}-day streak!`,
      body: v.type === 'daily_chat' ? `You have chatted ${v.days} days in a row.` : `You have signed in ${v.days} days in a row.`,
    }),
    ru: (v) => ({
      title: `Серия: ${v.days} дн.!`,
      body: v.type === 'daily_chat' ? `Вы общаетесь ${v.days} дн. подряд.` : `Вы заходите ${v.days} дн. подряд.`,
    }),
  },
  reward_available: {
    en: () => ({ title: 'Daily reward available', body: 'Your daily bonus is ready to claim.' }),
    ru: () => ({ title: 'Ежедневная награда доступна', body: 'Ваш ежедневный бонус можно забрать.' }),
  },
};

/**
 * A notice of progress, once: the key names what it is about (the level and prestige, the
 * achievement, the quest's run, the streak's day), so that a repeated event or a recount tells
 * nothing more. The settings' Achievements switches govern it: in-app and push (email has none).
 */
function notice(
  ctx: AppContext,
  userId: string,
  type: ProgressNotice,
  key: string,
  values: Record<string, string | number>,
  link: string | null,
) {
  return notifyUser(ctx, userId, {
    kind: type,
    key,
    words: { en: TEXTS[type].en(values), ru: TEXTS[type].ru(values) },
    link,
  });
}

/** A catalogue name in both languages (the web app shows the Russian by the same table). */
const named = (name: string) => ({ name, nameRu: CATALOGUE_TEXTS_RU[name] ?? name });

/** The notices of progress, from the events gamification publishes (it imports nothing of this area). */
export function subscribeProgressNotices(ctx: AppContext): void {
  const { events } = ctx;
  events.subscribe('gamification.level_up', 'notifications', ({ payload: p }) =>
    notice(ctx, p.userId, 'level_up', `${p.prestigeLevel}:${p.level}`, { level: p.level }, PAGES.gamification),
  );
  events.subscribe('gamification.achievement_unlocked', 'notifications', ({ payload: p }) => {
    const name = ACHIEVEMENTS.find((a) => a.id === p.achievementId)?.name ?? p.achievementId;
    return notice(ctx, p.userId, 'achievement_unlocked', p.achievementId, named(name), ROUTES.achievements);
  });
  events.subscribe('gamification.quest_completed', 'notifications', ({ payload: p }) => {
    const name = QUESTS.find((q) => q.id === p.questId)?.name ?? p.questId;
    return notice(ctx, p.userId, 'quest_completed', p.runId, named(name), PAGES.missions);
  });
  events.subscribe('gamification.streak_milestone', 'notifications', ({ payload: p }) =>
    notice(ctx, p.userId, 'streak_milestone', `${p.type}:${p.day}:${p.days}`, { type: p.type, days: p.days }, PAGES.gamification),
  );
  events.subscribe('gamification.reward_available', 'notifications', ({ payload: p }) =>
    notice(ctx, p.userId, 'reward_available', `${p.rewardId}:${p.day}`, {}, PAGES.gamification),
  );
}
