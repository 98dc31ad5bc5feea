import { and, eq } from 'drizzle-orm';
import { ROUTES } from '@app/shared/app/routes';
import { PLANS } from '@app/shared/subscriptions/plans';
import type { AppContext } from '../../context';
import { bots } from '../../db/schema/bots';
import { chatMessages } from '../../db/schema/chats';
import { users } from '../../db/schema/users';
import { enqueueFanOut } from './fan-out';
import { notifyUser, sameWords, type Language, type Words } from './notify';
import { subscribeProgressNotices } from './progress';

/** Enough of a reply to know what it says, in a bell row, a mail's subject line or a push. */
const EXCERPT = 140;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text);

const money = (amountMinor: number, currency: string, language: Language) => {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(amountMinor / 100);
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
};
/** A count as the language writes it: "3,334" in English, "3 334" in Russian, as the web app shows numbers. */
const count = (n: number, language: Language) => new Intl.NumberFormat(language).format(n);
const UNITS: Record<'gems' | 'tokens', Record<Language, string>> = {
  gems: { en: 'gems', ru: 'гемов' },
  tokens: { en: 'tokens', ru: 'токенов' },
};

async function userName(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.select({ username: users.username, displayName: users.displayName }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The notifications that other areas' events raise, one subscription per event: the publisher
 * states what happened, and this folder decides the words (English and Russian, by the user's
 * interface language) and the channels (notify.ts). Each notice's key is the fact it tells, so
 * that a repeated event tells nothing twice.
 */
export function subscribeNotifications(ctx: AppContext): void {
  const { events } = ctx;

  events.subscribe('user.followed', 'notifications', async ({ payload }) => {
    const follower = await userName(ctx, payload.followerId);
    if (!follower) return;
    await notifyUser(ctx, payload.followeeId, {
      kind: 'newFollower',
      key: payload.followerId,
      words: {
        en: { title: `${follower.displayName} started following you`, body: `@${follower.username} now follows you.` },
        ru: { title: `Новый подписчик: ${follower.displayName}`, body: `@${follower.username} теперь подписан(а) на вас.` },
      },
      link: ROUTES.profile(follower.username),
    });
  });

  events.subscribe('chat.reply_unseen', 'notifications', async ({ payload }) => {
    const [row] = await ctx.db
      .select({ content: chatMessages.content, botName: bots.name })
      .from(chatMessages)
      .innerJoin(bots, eq(bots.id, payload.botId))
      .where(and(eq(chatMessages.id, Number(payload.messageId)), eq(chatMessages.chatId, payload.chatId)));
    if (!row) return;
    const body = excerpt(row.content);
    await notifyUser(ctx, payload.userId, {
      kind: 'newMessage',
      key: payload.messageId,
      words: { en: { title: `${row.botName} replied`, body }, ru: { title: `${row.botName}: новое сообщение`, body } },
      link: ROUTES.chatById(payload.chatId),
    });
  });

  // A favorited bot's new version: its favoriters, however many, are told by a queued fan-out.
  events.subscribe('bot.version_created', 'notifications', ({ payload: p }) => {
    const changelog = excerpt(p.changelog);
    return enqueueFanOut(ctx, {
      audience: { kind: 'favoriters', botId: p.botId, except: p.authorId },
      notice: {
        kind: 'botUpdate',
        key: p.versionId,
        words: {
          en: { title: `${p.name} was updated`, body: `Version ${p.version}${changelog ? `: ${changelog}` : ''}` },
          ru: { title: `${p.name}: новая версия`, body: `Версия ${p.version}${changelog ? `: ${changelog}` : ''}` },
        },
        link: ROUTES.bot(p.botId),
      },
    });
  });

  // An admin's broadcast: every user, in batches, once per broadcast.
  events.subscribe('system.broadcast', 'notifications', ({ payload: p }) =>
    enqueueFanOut(ctx, {
      audience: { kind: 'everyone' },
      notice: { kind: 'systemUpdate', key: p.broadcastId, words: sameWords({ title: p.title, body: p.message }), link: null },
    }),
  );

  // An old avatar on another host that could not be brought here (decision 038): the owner hears why it is gone.
  events.subscribe('bot.avatar_removed', 'notifications', ({ payload: p }) =>
    notifyUser(ctx, p.ownerId, {
      kind: 'botUpdate',
      key: `avatar-removed:${p.botId}`,
      words: {
        en: {
          title: `${p.name} no longer has an avatar`,
          body: 'Its picture was on another site and could not be copied here. Upload an image in the bot editor.',
        },
        ru: {
          title: `У бота ${p.name} больше нет аватара`,
          body: 'Картинка была на другом сайте, и скопировать её не удалось. Загрузите изображение в редакторе бота.',
        },
      },
      link: ROUTES.botEdit(p.botId),
    }),
  );

  events.subscribe('bot.moderated', 'notifications', ({ payload: p }) => {
    const reason = p.reason?.trim() ?? '';
    const words: Record<typeof p.action, Record<Language, Words>> = {
      hidden: {
        en: { title: `${p.name} was hidden by moderation`, body: reason ? `Reason: ${reason}` : 'It no longer shows to other users.' },
        ru: { title: `${p.name} скрыт модерацией`, body: reason ? `Причина: ${reason}` : 'Другие пользователи его больше не видят.' },
      },
      dismissed: {
        en: { title: `A report about ${p.name} was dismissed`, body: reason || 'Nothing changes for your bot.' },
        ru: { title: `Жалоба на ${p.name} отклонена`, body: reason || 'С вашим ботом ничего не меняется.' },
      },
      approved: {
        en: { title: `${p.name} was approved`, body: reason || 'It passed the review.' },
        ru: { title: `${p.name} одобрен`, body: reason || 'Проверка пройдена.' },
      },
      restored: {
        en: { title: `${p.name} is visible again`, body: reason || 'Moderation restored your bot.' },
        ru: { title: `${p.name} снова виден`, body: reason || 'Модерация восстановила вашего бота.' },
      },
    };
    return notifyUser(ctx, p.ownerId, {
      kind: 'botModerated',
      key: `${p.requestId}:${p.action}`,
      words: words[p.action],
      link: ROUTES.bot(p.botId),
    });
  });

  // A referral in good standing, or held for an admin's review (an ineligible one earns nothing, so tells nothing).
  events.subscribe('referral.joined', 'notifications', async ({ payload: p }) => {
    if (p.status !== 'pending' && p.status !== 'confirmed' && p.status !== 'flagged') return;
    const who = await userName(ctx, p.referredId);
    if (!who) return;
    // Neither bonus of a flagged referral is paid until an admin looks: both people hear why, rather than find it missing.
    const flagged = p.status === 'flagged';
    await notifyUser(ctx, p.referrerId, {
      kind: 'referralJoined',
      key: p.referralId,
      words: {
        en: {
          title: `${who.displayName} joined with your link`,
          body: flagged
            ? 'The referral bonus is waiting for a review by our team; you will get it once it is approved.'
            : 'You earn the registration bonus once they verify their email.',
        },
        ru: {
          title: `${who.displayName} зарегистрировался(-ась) по вашей ссылке`,
          body: flagged
            ? 'Реферальный бонус ждёт проверки нашей командой и будет начислен после одобрения.'
            : 'Бонус за регистрацию придёт, когда он(а) подтвердит почту.',
        },
      },
      link: ROUTES.referrals,
    });
    if (!flagged) return;
    await notifyUser(ctx, p.referredId, {
      kind: 'referralJoined',
      key: `${p.referralId}:invited`,
      words: {
        en: {
          title: 'Your welcome bonus is waiting for a review',
          body: 'The bonus for joining by invitation is paid once our team has approved it.',
        },
        ru: {
          title: 'Приветственный бонус ждёт проверки',
          body: 'Бонус за регистрацию по приглашению будет начислен после одобрения нашей командой.',
        },
      },
      link: null,
    });
  });

  events.subscribe('referral.confirmed', 'notifications', async ({ payload: p }) => {
    const who = await userName(ctx, p.referredId);
    const name = who?.displayName ?? '';
    await notifyUser(ctx, p.referrerId, {
      kind: 'referralConfirmed',
      key: p.referralId,
      words: {
        en: { title: `Referral confirmed: +${count(p.bonus, 'en')} tokens`, body: `${name} verified their email.`.trim() },
        ru: { title: `Реферал подтверждён: +${count(p.bonus, 'ru')} токенов`, body: `${name} подтвердил(а) почту.`.trim() },
      },
      link: ROUTES.referrals,
    });
  });

  events.subscribe('purchase.paid', 'notifications', ({ payload: p }) =>
    notifyUser(ctx, p.userId, {
      kind: 'purchasePaid',
      key: p.purchaseId,
      words: {
        en: {
          title: `Purchase complete: +${count(p.credits, 'en')} ${UNITS[p.kind].en}`,
          body: `Paid ${money(p.amountMinor, p.currency, 'en')}.`,
        },
        ru: {
          title: `Покупка оплачена: +${count(p.credits, 'ru')} ${UNITS[p.kind].ru}`,
          body: `Оплачено ${money(p.amountMinor, p.currency, 'ru')}.`,
        },
      },
      link: ROUTES.checkout(p.purchaseId),
    }),
  );

  events.subscribe('purchase.refunded', 'notifications', ({ payload: p }) =>
    notifyUser(ctx, p.userId, {
      kind: 'purchaseRefunded',
      key: p.purchaseId,
      words: {
        en: {
          title: 'Purchase refunded',
          body: `${count(p.recovered, 'en')} ${UNITS[p.kind].en} were taken back${p.owed > 0 ? `; ${count(p.owed, 'en')} had already been spent` : ''}.`,
        },
        ru: {
          title: 'Покупка возвращена',
          body: `Списано ${count(p.recovered, 'ru')} ${UNITS[p.kind].ru}${p.owed > 0 ? `; ${count(p.owed, 'ru')} уже были потрачены` : ''}.`,
        },
      },
      link: ROUTES.checkout(p.purchaseId),
    }),
  );

  // A subscription paid (subscribed, upgraded, or a month renewed) credits its plan's allowance: tell
  // it like a purchase. Keyed by the event, which a repeat delivery carries unchanged.
  events.subscribe('subscription.changed', 'notifications', ({ id, payload: p }) => {
    if (p.tier === 'free' || !['subscribed', 'upgraded', 'renewed'].includes(p.reason)) return;
    const plan = PLANS[p.tier];
    const renewed = p.reason === 'renewed';
    return notifyUser(ctx, p.userId, {
      kind: 'purchasePaid',
      key: `subscription:${id}`,
      words: {
        en: {
          title: renewed
            ? `${plan.badge} renewed: +${count(plan.monthlyTokens, 'en')} tokens`
            : `Welcome to ${plan.badge}: +${count(plan.monthlyTokens, 'en')} tokens`,
          body: renewed
            ? `This month's ${plan.badge} allowance is in your balance.`
            : `Your ${plan.badge} subscription is active: ${count(plan.monthlyTokens, 'en')} tokens every month and ${plan.xpMultiplier}x XP.`,
        },
        ru: {
          title: renewed
            ? `${plan.badge} продлён: +${count(plan.monthlyTokens, 'ru')} токенов`
            : `Добро пожаловать в ${plan.badge}: +${count(plan.monthlyTokens, 'ru')} токенов`,
          body: renewed
            ? `Токены ${plan.badge} за этот месяц зачислены на баланс.`
            : `Подписка ${plan.badge} активна: ${count(plan.monthlyTokens, 'ru')} токенов каждый месяц и ${String(plan.xpMultiplier).replace('.', ',')}x XP.`,
        },
      },
      link: ROUTES.subscription,
    });
  });

  subscribeProgressNotices(ctx);
}
