import { APP_NAME, type Language } from '@app/shared/app/constants';
import { escapeHtml, mailPage } from '../../mail/templates';
import type { MailMessage } from '../../mail/mailer';

const WORDS = {
  en: (name: string) => ({
    subject: `Your ${APP_NAME} account has been deleted`,
    lines: [
      `Hi ${name},`,
      `Your ${APP_NAME} account has been deleted, as you asked. Your profile, settings, bots, chats, tokens and every other piece of your data are gone, and every device has been signed out.`,
      `This email address is free again: you are welcome to create a new account with it at any time.`,
      `If you did not ask for this, please reply to this message.`,
    ],
  }),
  ru: (name: string) => ({
    subject: `Ваш аккаунт ${APP_NAME} удалён`,
    lines: [
      `Здравствуйте, ${name}!`,
      `Ваш аккаунт ${APP_NAME} удалён, как вы и просили. Профиль, настройки, боты, чаты, токены и все остальные ваши данные стёрты, а на всех устройствах выполнен выход.`,
      `Этот адрес почты снова свободен: с ним можно в любое время создать новый аккаунт.`,
      `Если вы этого не просили, пожалуйста, ответьте на это письмо.`,
    ],
  }),
} satisfies Record<Language, unknown>;

/** The mail sent once an account has been deleted, in its language: what went, and that the address is free again. */
export function goodbyeMail(to: string, displayName: string, language: Language): MailMessage {
  const { subject, lines } = WORDS[language](displayName);
  const text = `${lines.join('\n\n')}\n\n— ${APP_NAME}`;
  return { to, subject, text, html: mailPage(language, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')) };
}
