import { APP_NAME } from '@app/shared/app/constants';
import { escapeHtml } from '../../mail/templates';
import type { MailMessage } from '../../mail/mailer';

/** The mail sent once an account has been deleted: what went, and that the address is free again. */
export function goodbyeMail(to: string, displayName: string): MailMessage {
  const lines = [
    `Hi ${displayName},`,
    `Your ${APP_NAME} account has been deleted, as you asked. Your profile, settings, bots, chats, tokens and every other piece of your data are gone, and every device has been signed out.`,
    `This email address is free again: you are welcome to create a new account with it at any time.`,
    `If you did not ask for this, please reply to this message.`,
  ];
  const text = `${lines.join('\n\n')}\n\n— ${APP_NAME}`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p>— ${APP_NAME}</p></body></html>`;
  return { to, subject: `Your ${APP_NAME} account has been deleted`, text, html };
}
