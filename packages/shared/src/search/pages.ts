import { ROUTES } from '../app/routes';

/**
 * The Pages group of the search dialog: settings sections and help pages, a static list with
 * titles and keywords in both languages (the server matches a query against either, so a
 * Russian reader who types in English still finds them).
 */
export interface SearchPage {
  id: string;
  kind: 'settings' | 'docs';
  path: string;
  /** A page only signed-in users can open; anonymous callers are not offered it. */
  signedIn: boolean;
  title: { en: string; ru: string };
  description: { en: string; ru: string };
  keywords: string[];
}

const settings = (slug: string, en: string, ru: string, descriptionEn: string, descriptionRu: string, keywords: string[]): SearchPage => ({
  id: `settings-${slug}`,
  kind: 'settings',
  path: `${ROUTES.settings}/${slug}`,
  signedIn: true,
  title: { en: `Settings: ${en}`, ru: `Настройки: ${ru}` },
  description: { en: descriptionEn, ru: descriptionRu },
  keywords,
});

export const SEARCH_PAGES: readonly SearchPage[] = [
  settings('profile', 'Profile', 'Профиль', 'Name, username, bio, avatar', 'Имя, логин, о себе, аватар', [
    'avatar',
    'bio',
    'username',
    'display name',
    'аватар',
    'имя',
  ]),
  settings('privacy', 'Privacy', 'Конфиденциальность', 'Profile visibility, blocked users', 'Видимость профиля, блокировки', [
    'block',
    'visibility',
    'private',
    'блокировка',
    'приватность',
  ]),
  settings('notifications', 'Notifications', 'Уведомления', 'Email, push and in-app notifications, digests', 'Почта, push, дайджесты', [
    'email',
    'push',
    'digest',
    'почта',
    'дайджест',
  ]),
  settings('appearance', 'Appearance', 'Оформление', 'Theme, language, font size', 'Тема, язык, размер шрифта', [
    'theme',
    'dark',
    'light',
    'language',
    'font',
    'тема',
    'тёмная',
    'язык',
    'шрифт',
  ]),
  settings('security', 'Security', 'Безопасность', 'Password, two-factor, sessions', 'Пароль, двухфакторная защита, сеансы', [
    'password',
    '2fa',
    'two-factor',
    'sessions',
    'пароль',
    'сеансы',
  ]),
  settings('data', 'Data', 'Данные', 'Export your data, delete the account', 'Экспорт данных, удаление аккаунта', [
    'export',
    'delete account',
    'retention',
    'экспорт',
    'удалить аккаунт',
  ]),
  settings('integrations', 'Integrations', 'Интеграции', 'API keys, webhooks, connected services', 'API-ключи, вебхуки, сервисы', [
    'api',
    'api key',
    'webhook',
    'ключ',
    'вебхук',
  ]),
  settings('billing', 'Billing', 'Оплата', 'Plan, payment history', 'Тариф, история платежей', [
    'subscription',
    'payment',
    'invoice',
    'подписка',
    'платёж',
  ]),
  {
    id: 'docs-getting-started',
    kind: 'docs',
    path: ROUTES.docsGettingStarted,
    signedIn: false,
    title: { en: 'Getting started', ru: 'Начало работы' },
    description: { en: 'How to chat with and create characters', ru: 'Как общаться с персонажами и создавать их' },
    keywords: ['docs', 'documentation', 'guide', 'tutorial', 'документация', 'руководство'],
  },
  {
    id: 'docs-help',
    kind: 'docs',
    path: ROUTES.help,
    signedIn: false,
    title: { en: 'Help', ru: 'Помощь' },
    description: { en: 'Answers to common questions', ru: 'Ответы на частые вопросы' },
    keywords: ['faq', 'support', 'question', 'поддержка', 'вопрос'],
  },
  {
    id: 'docs-changelog',
    kind: 'docs',
    path: ROUTES.changelog,
    signedIn: false,
    title: { en: 'Changelog', ru: 'Список изменений' },
    description: { en: 'What is new on the platform', ru: 'Что нового на платформе' },
    keywords: ['news', 'updates', 'release', 'новости', 'обновления'],
  },
  {
    id: 'docs-contact',
    kind: 'docs',
    path: ROUTES.contact,
    signedIn: false,
    title: { en: 'Contact', ru: 'Контакты' },
    description: { en: 'Write to the team', ru: 'Написать команде' },
    keywords: ['email', 'feedback', 'support', 'связь', 'отзыв'],
  },
  {
    id: 'page-subscription',
    kind: 'docs',
    path: ROUTES.subscription,
    signedIn: true,
    title: { en: 'Subscription', ru: 'Подписка' },
    description: { en: 'Plans: free, PRO, ULTIMATE', ru: 'Тарифы: free, PRO, ULTIMATE' },
    keywords: ['premium', 'pro', 'ultimate', 'upgrade', 'plan', 'премиум', 'тариф'],
  },
  {
    id: 'page-tokens',
    kind: 'docs',
    path: ROUTES.tokens,
    signedIn: true,
    title: { en: 'Tokens', ru: 'Токены' },
    description: { en: 'Balance and token packs', ru: 'Баланс и пакеты токенов' },
    keywords: ['balance', 'buy', 'gems', 'баланс', 'купить'],
  },
  {
    id: 'page-referrals',
    kind: 'docs',
    path: ROUTES.referrals,
    signedIn: true,
    title: { en: 'Referrals', ru: 'Рефералы' },
    description: { en: 'Invite friends and earn rewards', ru: 'Приглашайте друзей и получайте награды' },
    keywords: ['invite', 'friends', 'referral code', 'пригласить', 'друзья'],
  },
  {
    id: 'page-achievements',
    kind: 'docs',
    path: ROUTES.achievements,
    signedIn: true,
    title: { en: 'Achievements', ru: 'Достижения' },
    description: { en: 'Your badges, levels and XP', ru: 'Значки, уровни и опыт' },
    keywords: ['xp', 'level', 'badges', 'quests', 'уровень', 'опыт'],
  },
  {
    id: 'page-notifications',
    kind: 'docs',
    path: ROUTES.notifications,
    signedIn: true,
    title: { en: 'All notifications', ru: 'Все уведомления' },
    description: { en: 'Everything the bell told you', ru: 'Всё, что показывал колокольчик' },
    keywords: ['bell', 'inbox', 'колокольчик'],
  },
  {
    id: 'page-my-bots',
    kind: 'docs',
    path: ROUTES.myBots,
    signedIn: true,
    title: { en: 'My Bots', ru: 'Мои боты' },
    description: { en: 'The characters you created', ru: 'Персонажи, которых вы создали' },
    keywords: ['characters', 'create', 'manage', 'персонажи', 'создать'],
  },
  {
    id: 'page-lorebooks',
    kind: 'docs',
    path: ROUTES.lorebooks,
    signedIn: true,
    title: { en: 'Lorebooks', ru: 'Книги лора' },
    description: { en: 'World info for your characters, from SillyTavern too', ru: 'Сведения о мире для персонажей, и из SillyTavern' },
    keywords: ['world info', 'lore', 'sillytavern', 'мир', 'лор'],
  },
  {
    id: 'page-personas',
    kind: 'docs',
    path: ROUTES.personas,
    signedIn: true,
    title: { en: 'Personas', ru: 'Персоны' },
    description: { en: 'Who you are in your chats: a name and a description', ru: 'Кто вы в чатах: имя и описание' },
    keywords: ['persona', 'user', 'sillytavern', 'role', 'персона', 'роль'],
  },
  {
    id: 'page-import-sillytavern',
    kind: 'docs',
    path: ROUTES.importSillyTavern,
    signedIn: true,
    title: { en: 'Import from SillyTavern', ru: 'Импорт из SillyTavern' },
    description: {
      en: 'Bring your characters, chats, lorebooks and personas over',
      ru: 'Перенести персонажей, чаты, лорбуки и персоны',
    },
    keywords: ['import', 'sillytavern', 'tavern', 'move', 'migrate', 'импорт', 'перенос', 'таверна'],
  },
];

/** A query's words as the pages are matched: lower case, letters and digits only. */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The pages that match every word of the query (each word a prefix of a word of the page's titles
 * or keywords), best first: a title match before a keyword one.
 * @example matchPages('sec', true) // [Settings: Security]
 */
export function matchPages(query: string, signedIn: boolean): SearchPage[] {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const scored: { page: SearchPage; score: number }[] = [];
  for (const page of SEARCH_PAGES) {
    if (page.signedIn && !signedIn) continue;
    const titleWords = searchWords(`${page.title.en} ${page.title.ru}`);
    const otherWords = searchWords(`${page.description.en} ${page.description.ru} ${page.keywords.join(' ')}`);
    let score = 0;
    for (const word of words) {
      if (titleWords.some((w) => w.startsWith(word))) score += 2;
      else if (otherWords.some((w) => w.startsWith(word))) score += 1;
      else {
        score = -1;
        break;
      }
    }
    if (score > 0) scored.push({ page, score });
  }
  return scored.sort((a, b) => b.score - a.score).map((s) => s.page);
}
