import { APP_NAME, type Language } from '@app/shared/app/constants';
import { deviceWord } from '@app/shared/security/device-words';
import { escapeHtml, mailDate, mailPage, minutesRu } from '../../mail/templates';
import type { MailMessage } from '../../mail/mailer';

/** A short security notice: a greeting, lines of facts, and what to do if it wasn't the user. */
function noticeMail(to: string, subject: string, greeting: string, lines: string[], footer: string, language: Language): MailMessage {
  const text = `${greeting}\n\n${lines.join('\n')}\n\n${footer}\n\n— ${APP_NAME}`;
  const html = mailPage(
    language,
    `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p style="color:#555;font-size:13px">${escapeHtml(footer)}</p>`,
  );
  return { to, subject, text, html };
}

/** The security mails' words in each interface language. */
const WORDS = {
  en: {
    hi: (name: string) => `Hi ${name},`,
    notYou: 'If this was not you, change your password at once and sign out of your other sessions in Settings → Security.',
    passwordSubject: `Your ${APP_NAME} password was changed`,
    passwordChanged: (at: string) => `The password of your account was changed on ${at}.`,
    twoFactorSubject: (on: boolean) => (on ? 'Two-factor authentication is on' : 'Two-factor authentication is off'),
    twoFactorChanged: (on: boolean, at: string) => `Two-factor authentication was turned ${on ? 'on' : 'off'} for your account on ${at}.`,
    codeSubject: (code: string) => `Your ${APP_NAME} verification code: ${code}`,
    code: (code: string) => `Your verification code is ${code}.`,
    codeWorks: (minutes: number) => `It works once, for ${minutes} minutes.`,
    codeNotAsked: "If you didn't ask for a code, someone may know your password: change it in Settings → Security.",
    codeSms: (code: string, minutes: number) => `${APP_NAME} verification code: ${code}. It works once, for ${minutes} minutes.`,
    alertSubject: `New sign-in to your ${APP_NAME} account`,
    alert: 'Your account was just signed in from a device we have not seen before:',
    device: 'Device',
    browser: 'Browser',
    ip: 'IP address',
    time: 'Time',
  },
  ru: {
    hi: (name: string) => `Здравствуйте, ${name}!`,
    notYou: 'Если это были не вы, сразу смените пароль и завершите другие сеансы в разделе «Настройки → Безопасность».',
    passwordSubject: `Пароль от аккаунта ${APP_NAME} изменён`,
    passwordChanged: (at: string) => `Пароль вашего аккаунта изменён ${at}.`,
    twoFactorSubject: (on: boolean) => (on ? 'Двухфакторная аутентификация включена' : 'Двухфакторная аутентификация выключена'),
    twoFactorChanged: (on: boolean, at: string) =>
      `Двухфакторная аутентификация ${on ? 'включена' : 'выключена'} для вашего аккаунта ${at}.`,
    codeSubject: (code: string) => `Код подтверждения ${APP_NAME}: ${code}`,
    code: (code: string) => `Ваш код подтверждения: ${code}.`,
    codeWorks: (minutes: number) => `Код одноразовый и действует ${minutesRu(minutes)}.`,
    codeNotAsked: 'Если вы не запрашивали код, ваш пароль может быть кому-то известен: смените его в разделе «Настройки → Безопасность».',
    codeSms: (code: string, minutes: number) => `Код подтверждения ${APP_NAME}: ${code}. Одноразовый, действует ${minutesRu(minutes)}.`,
    alertSubject: `Новый вход в аккаунт ${APP_NAME}`,
    alert: 'В ваш аккаунт только что вошли с устройства, которого мы раньше не видели:',
    device: 'Устройство',
    browser: 'Браузер',
    ip: 'IP-адрес',
    time: 'Время',
  },
} as const;

export function passwordChangedMail(to: string, name: string, at: Date, language: Language): MailMessage {
  const w = WORDS[language];
  return noticeMail(to, w.passwordSubject, w.hi(name), [w.passwordChanged(mailDate(at, language))], w.notYou, language);
}

export function twoFactorChangedMail(to: string, name: string, enabled: boolean, at: Date, language: Language): MailMessage {
  const w = WORDS[language];
  return noticeMail(to, w.twoFactorSubject(enabled), w.hi(name), [w.twoFactorChanged(enabled, mailDate(at, language))], w.notYou, language);
}

export function verificationCodeMail(to: string, name: string, code: string, minutes: number, language: Language): MailMessage {
  const w = WORDS[language];
  return noticeMail(to, w.codeSubject(code), w.hi(name), [w.code(code), w.codeWorks(minutes)], w.codeNotAsked, language);
}

export function loginAlertMail(
  to: string,
  name: string,
  signIn: { device: string; browser: string; os: string; ip: string; at: Date },
  language: Language,
): MailMessage {
  const w = WORDS[language];
  return noticeMail(
    to,
    w.alertSubject,
    w.hi(name),
    [
      w.alert,
      `${w.device}: ${deviceWord(signIn.device, language)} (${deviceWord(signIn.os, language)})`,
      `${w.browser}: ${deviceWord(signIn.browser, language)}`,
      `${w.ip}: ${signIn.ip}`,
      `${w.time}: ${mailDate(signIn.at, language)}`,
    ],
    w.notYou,
    language,
  );
}

/** The text message carrying a code. */
export function verificationCodeSms(code: string, minutes: number, language: Language): string {
  return WORDS[language].codeSms(code, minutes);
}
