import { APP_NAME, type Language } from '@app/shared/app/constants';
import { escapeHtml, mailPage } from '../../mail/templates';
import type { MailMessage } from '../../mail/mailer';

/** Where a user changes what they get by email: the footer of every notification mail. */
const settingsUrl = (publicUrl: string) => `${publicUrl}/settings/notifications`;

/** The mails' own words, in the recipient's interface language (the notice's words come translated). */
const FRAME = {
  en: { choose: 'You can choose which emails you get in', settings: 'Settings → Notifications', open: 'Open' },
  ru: { choose: 'Какие письма вам приходят, можно выбрать в разделе', settings: '«Настройки → Уведомления»', open: 'Открыть' },
} as const satisfies Record<Language, Record<string, string>>;

function layout(publicUrl: string, inner: string, language: Language): string {
  const w = FRAME[language];
  return mailPage(
    language,
    `${inner}
<p style="color:#555;font-size:13px">${w.choose} <a href="${escapeHtml(settingsUrl(publicUrl))}">${w.settings}</a>.</p>`,
    '560px',
  );
}

const footerText = (publicUrl: string, language: Language) =>
  `${FRAME[language].choose} ${FRAME[language].settings}: ${settingsUrl(publicUrl)}\n\n— ${APP_NAME}`;

/** One notification (a new follower, a bot update…) as an email, with a link to open it, in the recipient's language. */
export function notificationMail(
  to: string,
  publicUrl: string,
  n: { title: string; body: string; link: string | null },
  language: Language = 'en',
): MailMessage {
  const url = n.link ? `${publicUrl}${n.link}` : null;
  const open = FRAME[language].open;
  const text = [n.title, n.body, url ? `${open}: ${url}` : '', footerText(publicUrl, language)].filter(Boolean).join('\n\n');
  const button = url
    ? `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:8px;text-decoration:none">${open}</a></p>`
    : '';
  const html = layout(publicUrl, `<h2 style="margin:0 0 8px">${escapeHtml(n.title)}</h2><p>${escapeHtml(n.body)}</p>${button}`, language);
  return { to, subject: `${n.title} — ${APP_NAME}`, text, html };
}

/** The settings' test send, in each interface language. */
export const TEST_NOTIFICATION: Record<Language, { title: string; body: string }> = {
  en: { title: 'Test notification', body: `Notifications from ${APP_NAME} reach you here.` },
  ru: { title: 'Тестовое уведомление', body: `Уведомления ${APP_NAME} будут приходить сюда.` },
};

export function testMail(to: string, publicUrl: string, language: Language): MailMessage {
  return notificationMail(to, publicUrl, { ...TEST_NOTIFICATION[language], link: '/settings/notifications' }, language);
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

/** The digest's words in each interface language. */
const DIGEST = {
  en: {
    subject: { daily: 'Your daily digest', weekly: 'Your weekly digest', monthly: 'Your monthly digest' },
    intro: (name: string, f: DigestContent['frequency']) =>
      `Hi ${name}, here is your ${APP_NAME} ${{ daily: 'day', weekly: 'week', monthly: 'month' }[f]} in brief.`,
    last: { daily: 'Your last day', weekly: 'Your last week', monthly: 'Your last month' },
    stats: [
      'Chats you started',
      'Messages you sent',
      'New chats with your characters',
      'Messages to your characters',
      'New ratings of your characters',
      'Tokens spent',
    ],
    average: (n: string) => `average ${n}`,
    unread: 'Unread notifications',
    recommended: 'Characters you might like',
  },
  ru: {
    subject: { daily: 'Ваша ежедневная сводка', weekly: 'Ваша еженедельная сводка', monthly: 'Ваша ежемесячная сводка' },
    intro: (name: string, f: DigestContent['frequency']) =>
      `Здравствуйте, ${name}! Вот коротко, как ${{ daily: 'прошёл ваш день', weekly: 'прошла ваша неделя', monthly: 'прошёл ваш месяц' }[f]} в ${APP_NAME}.`,
    last: { daily: 'За последний день', weekly: 'За последнюю неделю', monthly: 'За последний месяц' },
    stats: [
      'Начато чатов',
      'Отправлено сообщений',
      'Новых чатов с вашими персонажами',
      'Сообщений вашим персонажам',
      'Новых оценок ваших персонажей',
      'Потрачено токенов',
    ],
    average: (n: string) => `в среднем ${n}`,
    unread: 'Непрочитанные уведомления',
    recommended: 'Персонажи, которые могут вам понравиться',
  },
} as const;

function statLines(s: DigestStats, language: Language): [string, string][] {
  const w = DIGEST[language];
  const number = (n: number) => n.toLocaleString(language);
  const average =
    s.botAverageRating === null
      ? ''
      : ` (${w.average(s.botAverageRating.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }))})`;
  const values = [
    number(s.chatsStarted),
    number(s.messagesSent),
    number(s.botChats),
    number(s.botMessages),
    `${number(s.botRatings)}${average}`,
    number(s.tokensSpent),
  ];
  return w.stats.map((label, i) => [label, values[i]!]);
}

/** The digest: the period's figures and a few characters to try, as the user chose, in their language. */
export function digestMail(to: string, publicUrl: string, c: DigestContent, language: Language): MailMessage {
  const w = DIGEST[language];
  const intro = w.intro(c.displayName, c.frequency);
  const text: string[] = [intro];
  const html: string[] = [`<p>${escapeHtml(intro)}</p>`];
  if (c.stats) {
    const lines = statLines(c.stats, language);
    const last = w.last[c.frequency];
    text.push(`${last}:\n${lines.map(([k, v]) => `  ${k}: ${v}`).join('\n')}`);
    html.push(
      `<h3 style="margin:16px 0 4px">${last}</h3><table style="border-collapse:collapse">${lines
        .map(
          ([k, v]) => `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(k)}</td><td style="font-weight:600">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`,
    );
  }
  if (c.notices && c.notices.length > 0) {
    const href = (n: DigestNotice) => `${publicUrl}${n.link ?? '/notifications'}`;
    text.push(`${w.unread}:\n${c.notices.map((n) => `  ${n.title}${n.body ? ` — ${n.body}` : ''}\n  ${href(n)}`).join('\n')}`);
    html.push(
      `<h3 style="margin:16px 0 4px">${w.unread}</h3><ul>${c.notices
        .map((n) => `<li><a href="${escapeHtml(href(n))}">${escapeHtml(n.title)}</a>${n.body ? ` — ${escapeHtml(n.body)}` : ''}</li>`)
        .join('')}</ul>`,
    );
  }
  if (c.recommendations && c.recommendations.length > 0) {
    text.push(
      `${w.recommended}:\n${c.recommendations.map((b) => `  ${b.name} — ${b.description}\n  ${publicUrl}/chat/${b.id}`).join('\n')}`,
    );
    html.push(
      `<h3 style="margin:16px 0 4px">${w.recommended}</h3><ul>${c.recommendations
        .map(
          (b) => `<li><a href="${escapeHtml(`${publicUrl}/chat/${b.id}`)}">${escapeHtml(b.name)}</a> — ${escapeHtml(b.description)}</li>`,
        )
        .join('')}</ul>`,
    );
  }
  text.push(footerText(publicUrl, language));
  return {
    to,
    subject: `${w.subject[c.frequency]} — ${APP_NAME}`,
    text: text.join('\n\n'),
    html: layout(publicUrl, html.join('\n'), language),
  };
}
