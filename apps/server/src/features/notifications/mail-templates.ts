import { APP_NAME } from '@app/shared/app/constants';
import { escapeHtml } from '../../mail/templates';
import type { MailMessage } from '../../mail/mailer';

/** Where a user changes what they get by email: the footer of every notification mail. */
const settingsUrl = (publicUrl: string) => `${publicUrl}/settings/notifications`;

function layout(publicUrl: string, inner: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:560px">
${inner}
<p style="color:#555;font-size:13px">You can choose which emails you get in <a href="${escapeHtml(settingsUrl(publicUrl))}">Settings → Notifications</a>.</p>
<p>— ${APP_NAME}</p></body></html>`;
}

const footerText = (publicUrl: string) =>
  `You can choose which emails you get in Settings → Notifications: ${settingsUrl(publicUrl)}\n\n— ${APP_NAME}`;

/** One notification (a new follower, a bot update…) as an email, with a link to open it. */
export function notificationMail(to: string, publicUrl: string, n: { title: string; body: string; link: string | null }): MailMessage {
  const url = n.link ? `${publicUrl}${n.link}` : null;
  const text = [n.title, n.body, url ? `Open: ${url}` : '', footerText(publicUrl)].filter(Boolean).join('\n\n');
  const button = url
    ? `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:8px;text-decoration:none">Open</a></p>`
    : '';
  const html = layout(publicUrl, `<h2 style="margin:0 0 8px">${escapeHtml(n.title)}</h2><p>${escapeHtml(n.body)}</p>${button}`);
  return { to, subject: `${n.title} — ${APP_NAME}`, text, html };
}

export const TEST_NOTIFICATION = {
  title: 'Test notification',
  body: `Notifications from ${APP_NAME} reach you here.`,
} as const;

export function testMail(to: string, publicUrl: string): MailMessage {
  return notificationMail(to, publicUrl, { title: TEST_NOTIFICATION.title, body: TEST_NOTIFICATION.body, link: '/settings/notifications' });
}

export interface DigestStats {
  chatsStarted: number;
  messagesSent: number;
  botChats: number;
  botMessages: number;
  botRatings: number;
  /** Average of the new ratings, or null without any. */
  botAverageRating: number | null;
  tokensSpent: number;
}

export interface DigestRecommendation {
  id: string;
  name: string;
  description: string;
}

/** One unread notification of the period (any kind: a reply, a follower, a broadcast, a level…). */
export interface DigestNotice {
  title: string;
  body: string;
  link: string | null;
}

export interface DigestContent {
  displayName: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  stats: DigestStats | null;
  recommendations: DigestRecommendation[] | null;
  /** The period's unread notifications; none or absent: no such part. */
  notices?: DigestNotice[];
}

const PERIOD_WORDS = { daily: 'day', weekly: 'week', monthly: 'month' } as const;
const SUBJECTS = { daily: 'Your daily digest', weekly: 'Your weekly digest', monthly: 'Your monthly digest' } as const;

function statLines(s: DigestStats): [string, string][] {
  return [
    ['Chats you started', String(s.chatsStarted)],
    ['Messages you sent', String(s.messagesSent)],
    ['New chats with your characters', String(s.botChats)],
    ['Messages to your characters', String(s.botMessages)],
    [
      'New ratings of your characters',
      s.botAverageRating === null ? String(s.botRatings) : `${s.botRatings} (average ${s.botAverageRating.toFixed(1)})`,
    ],
    ['Tokens spent', String(s.tokensSpent)],
  ];
}

/** The digest: the period's figures and a few characters to try, as the user chose. */
export function digestMail(to: string, publicUrl: string, c: DigestContent): MailMessage {
  const period = PERIOD_WORDS[c.frequency];
  const intro = `Hi ${c.displayName}, here is your ${APP_NAME} ${period} in brief.`;
  const text: string[] = [intro];
  const html: string[] = [`<p>${escapeHtml(intro)}</p>`];
  if (c.stats) {
    const lines = statLines(c.stats);
    text.push(`Your last ${period}:\n${lines.map(([k, v]) => `  ${k}: ${v}`).join('\n')}`);
    html.push(
      `<h3 style="margin:16px 0 4px">Your last ${period}</h3><table style="border-collapse:collapse">${lines
        .map(
          ([k, v]) => `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(k)}</td><td style="font-weight:600">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`,
    );
  }
  if (c.notices && c.notices.length > 0) {
    const href = (n: DigestNotice) => `${publicUrl}${n.link ?? '/notifications'}`;
    text.push(`Unread notifications:\n${c.notices.map((n) => `  ${n.title}${n.body ? ` — ${n.body}` : ''}\n  ${href(n)}`).join('\n')}`);
    html.push(
      `<h3 style="margin:16px 0 4px">Unread notifications</h3><ul>${c.notices
        .map((n) => `<li><a href="${escapeHtml(href(n))}">${escapeHtml(n.title)}</a>${n.body ? ` — ${escapeHtml(n.body)}` : ''}</li>`)
        .join('')}</ul>`,
    );
  }
  if (c.recommendations && c.recommendations.length > 0) {
    text.push(
      `Characters you might like:\n${c.recommendations.map((b) => `  ${b.name} — ${b.description}\n  ${publicUrl}/chat/${b.id}`).join('\n')}`,
    );
    html.push(
      `<h3 style="margin:16px 0 4px">Characters you might like</h3><ul>${c.recommendations
        .map(
          (b) => `<li><a href="${escapeHtml(`${publicUrl}/chat/${b.id}`)}">${escapeHtml(b.name)}</a> — ${escapeHtml(b.description)}</li>`,
        )
        .join('')}</ul>`,
    );
  }
  text.push(footerText(publicUrl));
  return { to, subject: `${SUBJECTS[c.frequency]} — ${APP_NAME}`, text: text.join('\n\n'), html: layout(publicUrl, html.join('\n')) };
}
