import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import ru from '@/locales/ru.json';
import { tooManyAttemptsText } from './too-many-attempts';

describe('the sign-in limit in words', () => {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'en', resources: { en: { translation: en }, ru: { translation: ru } } });
  const say = (language: string, seconds: number | undefined) =>
    tooManyAttemptsText(i18n.getFixedT(language), 'auth.errors.tooManyAttempts', seconds);

  it('says whole minutes, never seconds, in English and Russian', () => {
    expect(say('en', 889)).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(say('en', 3)).toBe('Too many sign-in attempts. Try again in 1 minute.');
    expect(say('en', undefined)).toBe('Too many sign-in attempts. Try again in 1 minute.');
    expect(say('ru', 889)).toBe('Слишком много попыток входа. Попробуйте через 15 минут.');
    expect(say('ru', 60)).toBe('Слишком много попыток входа. Попробуйте через 1 минуту.');
    expect(say('ru', 150)).toBe('Слишком много попыток входа. Попробуйте через 3 минуты.');
  });
});
