import type { Language } from '../app/constants';

/** The words a session's device, browser and OS are described with when the user agent says nothing better (server's lib/user-agent.ts). */
export const DEVICE_WORDS = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  unknownDevice: 'Unknown device',
  unknownBrowser: 'Unknown browser',
  unknownOs: 'Unknown OS',
} as const;

/** Their Russian: the sessions list (as messages) and the sign-in alert mail show them in the reader's language. */
export const DEVICE_WORDS_RU: Record<string, string> = {
  [DEVICE_WORDS.desktop]: 'Компьютер',
  [DEVICE_WORDS.mobile]: 'Телефон',
  [DEVICE_WORDS.tablet]: 'Планшет',
  [DEVICE_WORDS.unknownDevice]: 'Неизвестное устройство',
  [DEVICE_WORDS.unknownBrowser]: 'Неизвестный браузер',
  [DEVICE_WORDS.unknownOs]: 'Неизвестная ОС',
};

/** A stored device word in `language`; anything else (a browser's or an OS's own name) as it is. */
export function deviceWord(word: string, language: Language): string {
  return language === 'ru' ? (DEVICE_WORDS_RU[word] ?? word) : word;
}
