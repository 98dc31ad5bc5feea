import { APP_NAME, type Language } from '@app/shared/app/constants';
import type { MailMessage } from '../../mail/mailer';
import { actionMail, escapeHtml, mailDate, mailPage, minutesRu } from '../../mail/templates';

/** The sign-in and password reset mails' words in each interface language. */
const WORDS = {
  en: {
    hi: (name: string) => `Hi ${name},`,
    failedSubject: `Failed sign-in attempts on your ${APP_NAME} account`,
    failed: (count: number, minutes: number) =>
      `Someone tried to sign in to your account with a wrong password ${count} times in the last ${minutes} minutes.`,
    failedFrom: (ip: string) => `The latest attempt came from the address ${ip}.`,
    notLocked:
      'Your account is not locked: you can still sign in as usual. Sign-ins from devices you have never used are slowed down for a while.',
    failedAdvice:
      'If this was not you, make sure your password is strong and used nowhere else, and turn on two-factor authentication in Settings → Security.',
    resetSubject: `Reset your ${APP_NAME} password`,
    reset:
      'Someone (hopefully you) asked to reset the password of your account. Choose a new one with the link below. It works once, for one hour.',
    resetLabel: 'Choose a new password',
    resetFooter: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    resetDoneSubject: `Your ${APP_NAME} password was reset`,
    resetDone: (at: string) => `The password of your account was reset with a link sent to this address on ${at}.`,
    resetSignedOut: 'Every device that was signed in to your account has been signed out.',
    resetNotYou: 'If this was not you, ask for a new reset link at once from the sign-in page, and turn on two-factor authentication.',
  },
  ru: {
    hi: (name: string) => `Здравствуйте, ${name}!`,
    failedSubject: `Неудачные попытки входа в аккаунт ${APP_NAME}`,
    failed: (count: number, minutes: number) =>
      `Кто-то пытался войти в ваш аккаунт с неверным паролем ${count} раз за последние ${minutesRu(minutes)}.`,
    failedFrom: (ip: string) => `Последняя попытка была с адреса ${ip}.`,
    notLocked:
      'Аккаунт не заблокирован: вы можете входить как обычно. Входы с устройств, которыми вы ещё не пользовались, на время замедлены.',
    failedAdvice:
      'Если это были не вы, убедитесь, что пароль надёжный и нигде больше не используется, и включите двухфакторную аутентификацию в разделе «Настройки → Безопасность».',
    resetSubject: `Сброс пароля ${APP_NAME}`,
    reset:
      'Кто-то (надеемся, вы) попросил сбросить пароль вашего аккаунта. Задайте новый по ссылке ниже. Ссылка одноразовая и действует один час.',
    resetLabel: 'Задать новый пароль',
    resetFooter: 'Если вы этого не просили, просто не обращайте внимания на письмо: пароль останется прежним.',
    resetDoneSubject: `Пароль от аккаунта ${APP_NAME} сброшен`,
    resetDone: (at: string) => `Пароль вашего аккаунта сброшен по ссылке, отправленной на этот адрес, ${at}.`,
    resetSignedOut: 'На всех устройствах, где был выполнен вход в аккаунт, сеансы завершены.',
    resetNotYou: 'Если это были не вы, сразу запросите новую ссылку для сброса на странице входа и включите двухфакторную аутентификацию.',
  },
} as const;

/** A short notice: a greeting, lines of facts, and what to do if it wasn't the user. */
function noticeMail(to: string, subject: string, greeting: string, lines: string[], footer: string, language: Language): MailMessage {
  const text = `${greeting}\n\n${lines.join('\n\n')}\n\n${footer}\n\n— ${APP_NAME}`;
  const html = mailPage(
    language,
    `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p style="color:#555;font-size:13px">${escapeHtml(footer)}</p>`,
  );
  return { to, subject, text, html };
}

/** To the owner of an account that many wrong passwords were tried on (once per window). */
export function failedSignInsMail(
  to: string,
  name: string,
  attempt: { count: number; windowMinutes: number; ip: string },
  language: Language,
): MailMessage {
  const w = WORDS[language];
  return noticeMail(
    to,
    w.failedSubject,
    w.hi(name),
    [w.failed(attempt.count, attempt.windowMinutes), w.failedFrom(attempt.ip), w.notLocked],
    w.failedAdvice,
    language,
  );
}

/** The link that lets the owner choose a new password. */
export function passwordResetMail(to: string, name: string, url: string, language: Language): MailMessage {
  const w = WORDS[language];
  return actionMail(to, w.resetSubject, w.hi(name), w.reset, { label: w.resetLabel, url }, w.resetFooter, language);
}

/** Says that the password was reset through a mailed link and every session ended. */
export function passwordResetNoticeMail(to: string, name: string, at: Date, language: Language): MailMessage {
  const w = WORDS[language];
  return noticeMail(to, w.resetDoneSubject, w.hi(name), [w.resetDone(mailDate(at, language)), w.resetSignedOut], w.resetNotYou, language);
}
