import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@app/shared/app/constants';
import en from '@/locales/en.json';
import { withFeatureTexts, type Tree } from './locale-tree';

const STORAGE_KEY = 'language';

/**
 * English is the fallback, so it is always here; see locale-tree.ts for the feature files. The
 * exceptions are the areas that only their own pages use (LAZY_TEXTS): their `texts.ts` adds their
 * English with the pages' chunk (addEnglishTexts), so that they don't weigh on every visitor's
 * first load (the web budget). The glob patterns must be literals, hence the list twice.
 */
// The negated patterns are LAZY_TEXTS (lib/lazy-texts.ts; its test keeps the two in step).
const enFeatures = import.meta.glob<{ default: Tree }>(
  [
    '../features/**/locales/en.json',
    '!../features/admin/locales/en.json',
    '!../features/referrals/locales/en.json',
    '!../features/subscriptions/locales/en.json',
    '!../features/tokens/locales/en.json',
    '!../features/gems/locales/en.json',
    '!../features/purchases/locales/en.json',
    '!../features/gamification/locales/en.json',
    '!../features/notifications/locales/en.json',
    '!../features/search/locales/en.json',
    '!../features/challenges/locales/en.json',
    '!../features/season-pass/locales/en.json',
    '!../features/leaderboards/locales/en.json',
    '!../features/lorebooks/locales/en.json',
    '!../features/personas/locales/en.json',
    '!../features/chat-groups/locales/en.json',
    '!../features/imports/locales/en.json',
    '!../features/chats/locales/en.json',
    '!../features/integrations/locales/en.json',
    '!../features/security/locales/en.json',
    '!../features/bots/editor/locales/en.json',
    '!../features/notifications/settings/locales/en.json',
    '!../features/bots/my-bots/locales/en.json',
    '!../features/bots/statistics/locales/en.json',
    '!../features/account/transfer/locales/en.json',
    '!../features/account/privacy/locales/en.json',
    '!../features/profile/gamification/locales/en.json',
    '!../features/auth/locales/en.json',
    '!../features/account-data/locales/en.json',
    '!../features/account/profile/locales/en.json',
    '!../features/profile/locales/en.json',
    '!../features/settings/locales/en.json',
    '!../features/account/appearance/locales/en.json',
    '!../features/misc/locales/en.json',
    '!../features/dev/locales/en.json',
  ],
  { eager: true },
);

/** Adds English texts that a lazily loaded page brings with it (keeps what is there). */
export function addEnglishTexts(texts: Tree): void {
  i18n.addResourceBundle('en', 'translation', texts, true, false);
}

/** Other languages are chunks of their own, loaded when chosen (the web budget, apps/web/budget.json). */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ translation: Tree; messages: Record<string, string> }>> = {
  ru: () => import('./i18n-ru'),
};

/** Adds a language's texts unless they are here already. */
async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const { translation, messages } = await LOADERS[language]();
  i18n.addResourceBundle(language, 'translation', translation);
  i18n.addResourceBundle(language, 'messages', messages);
}

/** Each language in its own words, for the language menus. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский' };

/** The saved language, else the browser's if we speak it, else English. */
export function initialLanguage(): Language {
  const saved = safeGet(STORAGE_KEY);
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  // No navigator when the home page is prerendered at build (scripts/prerender.js): English.
  if (typeof navigator === 'undefined') return 'en';
  return navigator.languages?.some((l) => l.toLowerCase().startsWith('ru')) ? 'ru' : 'en';
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Switches the interface language and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await loadLanguage(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

const lng = initialLanguage();
if (typeof document !== 'undefined') document.documentElement.lang = lng;
void i18n.use(initReactI18next).init({
  // `messages` translates the English texts of the shared package and the server (see lib/messages.ts).
  resources: { en: { translation: withFeatureTexts(en, enFeatures), messages: {} } },
  // The other languages arrive through loadLanguage; i18next must not treat them as missing meanwhile.
  partialBundledLanguages: true,
  lng,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  // i18next's defaults, said out loud: then it stops testing every key for natural language
  // (a regex per call, and a page of cards makes hundreds). Our keys are paths; lib/messages.ts
  // turns both separators off for its sentence keys.
  keySeparator: '.',
  nsSeparator: ':',
});

/**
 * Resolves once the starting language's texts are here; main.tsx renders after it, so that a
 * Russian reader never sees English first. If the chunk fails to load, the page shows in English.
 */
export const i18nReady: Promise<void> =
  lng === 'en'
    ? Promise.resolve()
    : loadLanguage(lng)
        // Again, now that its texts are here, so that i18next resolves to it rather than to the fallback.
        .then(() => i18n.changeLanguage(lng))
        .then(
          () => undefined,
          () => undefined,
        );

export default i18n;
