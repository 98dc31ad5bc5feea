import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { users } from '../../src/db/schema/users';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError, latestMailTo, login, postJson } from '../helpers/auth';
import { call } from '../notifications/helpers';
import { setup } from '../security/helpers';

/** The mails the server writes to a person are in their language: the page's at signup, then the account's. */
describe("the account's mails in its language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const inRussian = async (overrides: { displayName?: string } = {}): Promise<Session> => {
    const s = await t.signup({ displayName: 'Вера', ...overrides });
    expect((await call(t, s, 'POST', '/api/user/language', { language: 'ru' })).statusCode).toBe(200);
    return s;
  };

  it('a signup from a Russian page gets its address check in Russian; a new one follows the account', async () => {
    const ru = await t.signup({ language: 'ru', displayName: 'Вера' });
    const mail = await latestMailTo(t, ru.user.email);
    expect(mail?.subject).toBe('Подтвердите адрес почты для CharaChat');
    expect(mail?.text).toContain('Здравствуйте, Вера!');
    expect(mail?.text).toMatch(/Подтвердить адрес: http:\/\/localhost:3000\/verify-email\?token=/);
    expect(mail?.html).toContain('<html lang="ru">');
    // The account's own language is its settings' (the web app saves the page's after the signup).
    expect((await call(t, ru, 'GET', '/api/user/settings/appearance')).json()).toMatchObject({ language: 'en' });
    expect((await call(t, ru, 'POST', '/api/auth/verify-email/resend')).statusCode).toBe(200);
    expect((await latestMailTo(t, ru.user.email))?.subject).toBe('Confirm your email for CharaChat');
    await call(t, ru, 'POST', '/api/user/language', { language: 'ru' });
    expect((await call(t, ru, 'POST', '/api/auth/verify-email/resend')).statusCode).toBe(200);
    expect((await latestMailTo(t, ru.user.email))?.subject).toBe('Подтвердите адрес почты для CharaChat');

    // Without a language, as before: English.
    const en = await t.signup();
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
    const ru = await inRussian();
    const changed = await call(t, ru, 'POST', '/api/user/password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'An0ther-Good-One!',
      confirmPassword: 'An0ther-Good-One!',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await latestMailTo(t, ru.user.email);
    expect(notice?.subject).toBe('Пароль от аккаунта CharaChat изменён');
    expect(notice?.text).toMatch(/Пароль вашего аккаунта изменён \d+ .+ UTC\./);
    expect(notice?.text).toContain('в разделе «Настройки → Безопасность»');

    const deleted = await call(t, ru, 'DELETE', '/api/user/account', { immediateDelete: true, password: 'An0ther-Good-One!' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const goodbye = await latestMailTo(t, ru.user.email);
    expect(goodbye?.subject).toBe('Ваш аккаунт CharaChat удалён');
    expect(goodbye?.html).toContain('<html lang="ru">');
  });

  it("a Russian account's two-factor code and sign-in alert are in Russian", async () => {
    const ru = await inRussian();
    await setup(t, ru, { method: 'email' });
    const code = await latestMailTo(t, ru.user.email);
    expect(code?.subject).toMatch(/^Код подтверждения CharaChat: \d{6}$/);
    expect(code?.text).toMatch(/Ваш код подтверждения: \d{6}\.\nКод одноразовый и действует 10 минут\./);

    const other = await inRussian();
    await login(t, other.user.email, STRONG_PASSWORD, {
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
    });
    await t.app.ctx.jobs.runDue();
    const alert = await latestMailTo(t, other.user.email);
    expect(alert?.subject).toBe('Новый вход в аккаунт CharaChat');
    expect(alert?.text).toContain('Браузер: Firefox 128');
    // The device's own words too, not "Desktop" (issue 37 §8).
    expect(alert?.text).toContain('Устройство: Компьютер (Linux)');
    expect(alert?.text).toMatch(/Время: \d+ \S+ \d{4} г\..* UTC/);
  });
});
