import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/users';
import { loginAlertMail, verificationCodeMail, verificationCodeSms } from '../../src/features/security/mails';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError, latestMailTo, postJson } from '../helpers/auth';
import { call } from '../notifications/helpers';

/** The account's mails are written in its interface language, from the first one (the address check) on. */
describe("the account's mails in its language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a signup in Russian makes a Russian account, whose address check is in Russian', async () => {
    const ru = await t.signup({ language: 'ru', displayName: 'Вера' });
    expect((await call(t, ru, 'GET', '/api/user/settings/appearance')).json()).toMatchObject({ language: 'ru', theme: 'system' });
    const mail = await latestMailTo(t, ru.user.email);
    expect(mail?.subject).toBe('Подтвердите адрес почты для CharaChat');
    expect(mail?.text).toContain('Здравствуйте, Вера!');
    expect(mail?.text).toMatch(/Подтвердить адрес: http:\/\/localhost:3000\/verify-email\?token=/);
    expect(mail?.html).toContain('<html lang="ru">');

    // Without a language, as before: English.
    const en = await t.signup();
    expect((await call(t, en, 'GET', '/api/user/settings/appearance')).json()).toMatchObject({ language: 'en' });
    expect((await latestMailTo(t, en.user.email))?.subject).toBe('Confirm your email for CharaChat');
  });

  it('refuses a language it does not have, and makes no account', async () => {
    const email = 'klingon@example.com';
    const res = await postJson(t, '/api/auth/signup', { email, username: 'klingon', password: STRONG_PASSWORD, language: 'tlh' });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json().error.field).toBe('language');
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("a Russian account's password notice and goodbye are in Russian", async () => {
    const ru = await t.signup({ language: 'ru', displayName: 'Вера' });
    const changed = await call(t, ru, 'POST', '/api/user/password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'An0ther-Good-One!',
      confirmPassword: 'An0ther-Good-One!',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await latestMailTo(t, ru.user.email);
    expect(notice?.subject).toBe('Пароль CharaChat изменён');
    expect(notice?.text).toMatch(/Пароль вашего аккаунта изменён \d+ .+ UTC\./);
    expect(notice?.text).toContain('Настройки → Безопасность');

    const deleted = await call(t, ru, 'DELETE', '/api/user/account', { immediateDelete: true, password: 'An0ther-Good-One!' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const goodbye = await latestMailTo(t, ru.user.email);
    expect(goodbye?.subject).toBe('Ваш аккаунт CharaChat удалён');
    expect(goodbye?.html).toContain('<html lang="ru">');
  });

  it('the codes and sign-in alerts have their Russian words', () => {
    const at = new Date('2026-11-28T09:05:00Z');
    expect(verificationCodeMail('a@example.com', 'Вера', '123456', 10, 'ru')).toMatchObject({
      subject: 'Код подтверждения CharaChat: 123456',
      text: expect.stringContaining('Ваш код подтверждения: 123456.\nОн действует один раз, 10 мин.'),
    });
    expect(verificationCodeSms('123456', 10, 'ru')).toBe('Код подтверждения CharaChat: 123456. Действует один раз, 10 мин.');
    const alert = loginAlertMail(
      'a@example.com',
      'Вера',
      { device: 'Desktop', browser: 'Firefox', os: 'Linux', ip: '203.0.113.7', at },
      'ru',
    );
    expect(alert.subject).toBe('Новый вход в аккаунт CharaChat');
    expect(alert.text).toContain('Время: 28 ноября 2026 г. в 09:05 UTC');
    expect(
      loginAlertMail('a@example.com', 'Ann', { device: 'Desktop', browser: 'Firefox', os: 'Linux', ip: '203.0.113.7', at }, 'en').text,
    ).toContain('Time: Sat, 28 Nov 2026 09:05:00 GMT');
  });
});
