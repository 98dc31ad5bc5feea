import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@app/shared/app/constants';
import en from '@/locales/en.json';
import ruMessages from '@/locales/ru-messages.json';
import ru from '@/locales/ru.json';

const STORAGE_KEY = 'language';

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
  resources: { en: { translation: en, messages: {} }, ru: { translation: ru, messages: ruMessages } },
  lng,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
