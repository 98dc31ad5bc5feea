/** Interface constants of bots-header-auth.md §9 and settings-and-referrals.md §9. */
export const APP_NAME = 'CharaChat';
export const APP_VERSION = '1.0.0';

export const SIDEBAR_WIDTH = '16rem';
export const SEARCH_DEBOUNCE_MS = 300;
export const NOTIFICATION_POPOVER_HEIGHT_PX = 400;
export const LOADING_SKELETON_CARDS = 6;
export const DEFAULT_CARD_RATING = 4.5;

/** A normal logout that takes longer than this runs the forced logout. */
export const LOGOUT_TIMEOUT_MS = 10_000;
/** Redirect delays after a forced logout, and after any other logout error. */
export const LOGOUT_FORCED_REDIRECT_MS = 500;
export const LOGOUT_ERROR_REDIRECT_MS = 1_000;

/** Default timeout of an API call. */
export const API_TIMEOUT_MS = 30_000;

/** The client's limiter for the gamification views' read calls (gamification.md §7: reads allow 50 calls per 60 s). */
export const CLIENT_READ_LIMIT = { limit: 50, windowMs: 60_000 } as const;

export const THEMES = ['system', 'dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Access tokens live at most 15 minutes (issue 2). */
export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
