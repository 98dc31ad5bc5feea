import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { activityLine } from './activity-line';
import en from './locales/en.json';
import ru from './locales/ru.json';

const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { translation: en }, ru: { translation: ru } }, lng: 'en', interpolation: { escapeValue: false } });

describe("a referral activity's line", () => {
  it('is written in the reader’s language, from the name and the value', () => {
    const signup = { type: 'registration' as const, name: 'Фёдор', valueEur: null };
    const purchase = { type: 'purchase' as const, name: 'Фёдор', valueEur: '12.50' };
    expect(activityLine(i18n.getFixedT('en'), 'en', signup)).toBe('Фёдор signed up');
    expect(activityLine(i18n.getFixedT('en'), 'en', purchase)).toBe('Фёдор made a purchase of €12.50');
    expect(activityLine(i18n.getFixedT('ru'), 'ru', signup)).toBe('Фёдор зарегистрировался(-ась) по вашей ссылке');
    expect(activityLine(i18n.getFixedT('ru'), 'ru', purchase)).toBe('Фёдор совершил(а) покупку на 12,50\u00a0€');
  });
});
