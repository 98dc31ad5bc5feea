/**
 * Every page path that the specs name (bots-header-auth.md §2, settings-and-referrals.md §2).
 * The web router and every link use these, so a path is written once.
 */
export const ROUTES = {
  home: '/',
  explore: '/explore',
  exploreTrending: '/explore/trending',
  chat: '/chat',
  chatWith: (botId: string) => `/chat/${encodeURIComponent(botId)}`,
  chatById: (chatId: string) => `/chats/${encodeURIComponent(chatId)}`,
  characters: '/characters',
  collection: '/collection',
  create: '/create',
  createBot: '/create/bot',
  botsCreate: '/bots/create',
  botEdit: (botId: string) => `/bots/edit/${encodeURIComponent(botId)}`,
  bot: (botId: string) => `/bots/${encodeURIComponent(botId)}`,
  myBots: '/my-bots',
  myBotEdit: (botId: string) => `/my-bots/${encodeURIComponent(botId)}/edit`,
  profile: (usernameOrId: string) => `/profile/${encodeURIComponent(usernameOrId)}`,
  settings: '/settings',
  settingsProfile: '/settings/profile',
  settingsBilling: '/settings/billing',
  settingsApi: '/settings/api',
  settingsData: '/settings/data',
  subscription: '/subscription',
  upgrade: '/subscription?upgrade=true',
  admin: '/admin',
  login: '/login',
  authLogin: '/auth/login',
  signup: '/signup',
  authCallback: '/auth/callback',
  unauthorized: '/unauthorized',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  notifications: '/notifications',
  changelog: '/changelog',
  docsGettingStarted: '/docs/getting-started',
  achievements: '/achievements',
  missions: '/missions',
  gamification: '/gamification',
  season: '/season',
  lorebooks: '/lorebooks',
  personas: '/personas',
  importSillyTavern: '/import/sillytavern',
  challenges: '/challenges',
  challengeRoom: (roomId: string, inviteCode?: string) =>
    `/challenges/rooms/${encodeURIComponent(roomId)}${inviteCode ? `?code=${encodeURIComponent(inviteCode)}` : ''}`,
  leaderboards: '/leaderboards',
  partnerDashboard: '/partner/dashboard',
  partnerGamesNew: '/partner/games/new',
  partnerAnalytics: '/partner/analytics',
  partnerSettings: '/partner/settings',
  referrals: '/referrals',
  tokens: '/tokens',
  checkout: (purchaseId: string) => `/checkout/${encodeURIComponent(purchaseId)}`,
  comics: '/comics',
  games: '/games',
  help: '/help',
  contact: '/contact',
  affiliate: '/affiliate',
  monitoringDemo: '/monitoring-demo',
  goodbye: '/goodbye',
  devOutbox: '/dev/outbox',
} as const;

/** The settings area's sections (settings-and-referrals.md §2), each at /settings/{section}. */
export const SETTINGS_SECTIONS = ['profile', 'privacy', 'notifications', 'appearance', 'security', 'data', 'integrations'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/**
 * Where a login may send the user back to: only paths of this site, never another origin
 * (`//evil.example` and `/\evil.example` are other origins to a browser).
 */
export function safeRedirectPath(path: string | null | undefined, fallback: string = ROUTES.home): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f]/.test(path)) return fallback;
  return path;
}
