import { APP_NAME, type Language } from '@app/shared/app/constants';
import type { MailMessage } from './mailer';

/** Text for an HTML mail: every character that could open markup or an attribute, as an entity. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A moment as the mails say it: in UTC, as the reader's language writes dates. */
export const mailDate = (at: Date, language: Language) =>
  language === 'en' ? at.toUTCString() : `${at.toLocaleString(language, { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' })} UTC`;

/** "15 минут", "1 минуту", "2 минуты": a number of minutes in a Russian sentence. */
export function minutesRu(n: number): string {
  const form = { one: 'минуту', few: 'минуты', many: 'минут' }[new Intl.PluralRules('ru').select(n) as 'one' | 'few' | 'many'] ?? 'минуты';
  return `${n} ${form}`;
}

/**
 * The HTML page every mail is: its language, the house type, its content, and the signature.
 * `maxWidth` narrows the body (the notification mails').
 */
export function mailPage(language: Language, content: string, maxWidth?: string): string {
  const width = maxWidth ? `;max-width:${maxWidth}` : '';
  return `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111${width}">
${content}
<p>— ${APP_NAME}</p></body></html>`;
}

/** A plain message with one call to action, as text and as simple HTML (the features' own mails build on it). */
export function actionMail(
  to: string,
  subject: string,
  greeting: string,
  body: string,
  action: { label: string; url: string },
  footer: string,
  language: Language = 'en',
): MailMessage {
  const text = `${greeting}\n\n${body}\n\n${action.label}: ${action.url}\n\n${footer}\n\n— ${APP_NAME}`;
  const html = mailPage(
    language,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(footer)}<br>${escapeHtml(action.url)}</p>`,
  );
  return { to, subject, text, html };
}
