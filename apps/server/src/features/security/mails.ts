import { APP_NAME } from '@app/shared/app/constants';
import { escapeHtml } from '../../mail/templates';
import type { MailMessage } from '../../mail/mailer';

/** A short security notice: a greeting, lines of facts, and what to do if it wasn't the user. */
function noticeMail(to: string, subject: string, greeting: string, lines: string[], footer: string): MailMessage {
  const text = `${greeting}\n\n${lines.join('\n')}\n\n${footer}\n\n— ${APP_NAME}`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p style="color:#555;font-size:13px">${escapeHtml(footer)}</p><p>— ${APP_NAME}</p></body></html>`;
  return { to, subject, text, html };
}

const NOT_YOU = 'If this was not you, change your password at once and sign out of your other sessions in Settings → Security.';

export function passwordChangedMail(to: string, name: string, at: Date): MailMessage {
  return noticeMail(
    to,
    `Your ${APP_NAME} password was changed`,
    `Hi ${name},`,
    [`The password of your account was changed on ${at.toUTCString()}.`],
    NOT_YOU,
  );
}

export function twoFactorChangedMail(to: string, name: string, enabled: boolean, at: Date): MailMessage {
  return noticeMail(
    to,
    enabled ? 'Two-factor authentication is on' : 'Two-factor authentication is off',
    `Hi ${name},`,
    [`Two-factor authentication was turned ${enabled ? 'on' : 'off'} for your account on ${at.toUTCString()}.`],
    NOT_YOU,
  );
}

export function verificationCodeMail(to: string, name: string, code: string, minutes: number): MailMessage {
  return noticeMail(
    to,
    `Your ${APP_NAME} verification code: ${code}`,
    `Hi ${name},`,
    [`Your verification code is ${code}.`, `It works once, for ${minutes} minutes.`],
    "If you didn't ask for a code, someone may know your password: change it in Settings → Security.",
  );
}

export function loginAlertMail(
  to: string,
  name: string,
  signIn: { device: string; browser: string; os: string; ip: string; at: Date },
): MailMessage {
  return noticeMail(
    to,
    `New sign-in to your ${APP_NAME} account`,
    `Hi ${name},`,
    [
      'Your account was just signed in from a device we have not seen before:',
      `Device: ${signIn.device} (${signIn.os})`,
      `Browser: ${signIn.browser}`,
      `IP address: ${signIn.ip}`,
      `Time: ${signIn.at.toUTCString()}`,
    ],
    NOT_YOU,
  );
}

/** The text message carrying a code. */
export function verificationCodeSms(code: string, minutes: number): string {
  return `${APP_NAME} verification code: ${code}. It works once, for ${minutes} minutes.`;
}
