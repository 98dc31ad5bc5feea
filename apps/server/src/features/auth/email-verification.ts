import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { APP_NAME, type Language } from '@app/shared/app/constants';
import type { AppContext } from '../../context';
import { emailVerifications } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { hashToken } from '../../lib/secure-tokens';
import type { MailMessage } from '../../mail/mailer';
import { actionMail } from '../../mail/templates';
import { userLanguage } from '../account';
import type { SessionUserRow } from '../users';
import { grantAdminIfConfigured } from './accounts';
import { type MailedLinkKind, newMailedLink } from './mailed-links';

/** Verification links work for 24 hours. */
const VERIFICATION_LINK: MailedLinkKind = { table: emailVerifications, prefix: 'ev', page: 'verify-email', ttlMs: 24 * 60 * 60_000 };

const VERIFICATION = {
  en: (to: string, name: string) => ({
    subject: `Confirm your email for ${APP_NAME}`,
    greeting: `Hi ${name},`,
    body: `Please confirm that ${to} is your email address. The link works for 24 hours.`,
    label: 'Verify email',
    footer: "If you didn't create an account, you can ignore this message.",
  }),
  ru: (to: string, name: string) => ({
    subject: `Подтвердите адрес почты для ${APP_NAME}`,
    greeting: `Здравствуйте, ${name}!`,
    body: `Подтвердите, пожалуйста, что ${to} — ваш адрес. Ссылка действует 24 часа.`,
    label: 'Подтвердить адрес',
    footer: 'Если вы не создавали аккаунт, просто не обращайте внимания на это письмо.',
  }),
} satisfies Record<Language, unknown>;

function verificationMail(to: string, displayName: string, url: string, language: Language): MailMessage {
  const w = VERIFICATION[language](to, displayName);
  return actionMail(to, w.subject, w.greeting, w.body, { label: w.label, url }, w.footer, language);
}

/** Mails a link that proves the user owns their address, in their language; the link works once, for 24 hours. */
export async function sendVerificationEmail(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>,
  user: SessionUserRow,
  /** The signup's page language; later, the account's. */
  language?: Language,
): Promise<void> {
  const url = await newMailedLink(ctx, VERIFICATION_LINK, user);
  await ctx.mailer.send(verificationMail(user.email, user.displayName, url, language ?? (await userLanguage(ctx.db, user.id))));
}

/**
 * Marks the address of a verification link as verified. Answers the address and its account, or
 * null when the link is unknown, used, expired, or no longer matches the account's address.
 */
export async function confirmEmail(
  ctx: Pick<AppContext, 'db' | 'config'>,
  token: string,
): Promise<{ email: string; userId: string } | null> {
  return ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!link) return null;
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .returning();
    if (!user) return null;
    await grantAdminIfConfigured(tx, ctx.config.adminEmail, user);
    return { email: user.email, userId: user.id };
  });
}
