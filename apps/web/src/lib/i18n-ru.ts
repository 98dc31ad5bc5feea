import { CATALOGUE_TEXTS_RU } from '@app/shared/gamification/texts-ru';
import { DEVICE_WORDS_RU } from '@app/shared/security/device-words';
import ruMessages from '@/locales/ru-messages.json';
import ru from '@/locales/ru.json';
import { withFeatureTexts, type Tree } from './locale-tree';

// Loaded on demand by i18n.ts: its own chunk, so that English readers download no Russian.
const features = import.meta.glob<{ default: Tree }>('../features/**/locales/ru.json', { eager: true });
/** Russian for the server's and the shared package's English messages, per feature too (`locales/ru-messages.json`). */
const featureMessages = import.meta.glob<{ default: Record<string, string> }>('../features/**/locales/ru-messages.json', { eager: true });

export const translation = withFeatureTexts(ru, features);
export const messages: Record<string, string> = Object.assign(
  {},
  ruMessages,
  // The gamification catalogue's, which the server's Russian notices use too.
  CATALOGUE_TEXTS_RU,
  // A session's device words ("Unknown device"), which the sign-in alert mail translates too.
  DEVICE_WORDS_RU,
  ...Object.values(featureMessages).map((m) => m.default),
);
