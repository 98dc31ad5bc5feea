import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@app/shared/app/constants';
import en from '@/locales/en.json';
import ruMessages from '@/locales/ru-messages.json';
import ru from '@/locales/ru.json';

const STORAGE_KEY = 'language';

type Tree = { [key: string]: string | string[] | Tree };

/**
 * Features keep their own texts in `locales/{en,ru}.json` files inside `features/<area>`; they are merged into the
 * one `translation` namespace, so keys stay global (`botEditor.title`) and no file is shared by two areas.
 */
const featureLocales = import.meta.glob<{ default: Tree }>('../features/**/locales/{en,ru}.json', { eager: true });
/** Russian for the server's and the shared package's English messages, per feature too (`locales/ru-messages.json`). */
const featureMessages = import.meta.glob<{ default: Record<string, string> }>('../features/**/locales/ru-messages.json', { eager: true });

function withFeatureTexts(base: Tree, language: string): Tree {
  const merged: Tree = { ...base };
  for (const [file, mod] of Object.entries(featureLocales)) {
    if (file.endsWith(`/${language}.json`)) deepMerge(merged, mod.default);
  }
  return merged;
}

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

function deepMerge(target: Tree, source: Tree): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isTree(value) && isTree(current)) {
      const copy = { ...current };
      deepMerge(copy, value);
      target[key] = copy;
    } else {
      target[key] = value;
    }
  }
}

/** Each language in its own words, for the language menus. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский' };

/** The saved language, else the browser's if we speak it, else English. */
export function initialLanguage(): Language {
  const saved = safeGet(STORAGE_KEY);
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
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
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

const lng = initialLanguage();
document.documentElement.lang = lng;
void i18n.use(initReactI18next).init({
  // `messages` translates the English texts of the shared package and the server (see lib/messages.ts).
  resources: {
    en: { translation: withFeatureTexts(en, 'en'), messages: {} },
    ru: {
      translation: withFeatureTexts(ru, 'ru'),
      messages: Object.assign({}, ruMessages, ...Object.values(featureMessages).map((m) => m.default)),
    },
  },
  lng,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
