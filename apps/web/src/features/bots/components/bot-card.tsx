import { numberFormat } from '@/lib/intl';
import { MessageSquarePlus, MessagesSquare, MoreHorizontal, Star } from 'lucide-react';
import { lazy, memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_CARD_RATING } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import type { BotSummary } from '@app/shared/bots/schemas';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { plainText } from '../plain-text';
import { timeAgo } from '../time-ago';
import { FavoriteButton, StartChatLink } from './bot-actions';
import { CategoryIcon } from './category-icon';

// A card's menu (a Radix dropdown with its report and delete dialogs) loads when first opened: a page
// of 24 cards would otherwise load it and build 24 closed menus before anyone asks for one.
const loadMenu = () => import('./bot-card-menu');
const BotCardMenu = lazy(() => loadMenu().then((m) => ({ default: m.BotCardMenu })));

/** The card's ⋯ button; the first press loads the menu and opens it (keyboard focus moves into it). */
function CardMenu({ bot }: { bot: BotSummary }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const button = (props: { onClick?(): void; disabled?: boolean }) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('botCard.actions', { name: bot.name })}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      {...props}
    >
      <MoreHorizontal />
    </Button>
  );
  if (!wanted) return button({ onClick: () => setWanted(true) });
  return (
    <Suspense fallback={button({ disabled: true })}>
      <BotCardMenu bot={bot} defaultOpen />
    </Suspense>
  );
}

export type BotCardVariant = 'default' | 'compact' | 'detailed';

interface BotCardProps {
  bot: BotSummary;
  variant?: BotCardVariant;
  favorited?: boolean;
  /** Clicking a tag filters by it (Explore); without it tags are plain. */
  onTagClick?(tag: string): void;
}

/**
 * The bot card component of bots-header-auth.md §2: default (grids), compact (rows) and detailed.
 * Memoized: a list redraws only the cards whose bot or favorite mark changed.
 */
export const BotCard = memo(function BotCard({ bot, variant = 'default', favorited = false, onTagClick }: BotCardProps) {
  if (variant === 'compact') return <CompactBotCard bot={bot} favorited={favorited} />;
  return <GridBotCard bot={bot} detailed={variant === 'detailed'} favorited={favorited} onTagClick={onTagClick} />;
});

function Rating({ bot }: { bot: BotSummary }) {
  const { t } = useTranslation();
  const rating = bot.stats.avgRating ?? DEFAULT_CARD_RATING;
  return (
    <span className="flex items-center gap-1" title={t('botCard.rating')}>
      <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="sr-only">{t('botCard.rating')}:</span>
      {rating.toFixed(1)}
    </span>
  );
}

function CategoryBadge({ bot }: { bot: BotSummary }) {
  const { t } = useTranslation();
  if (!bot.category) return null;
  return (
    <Badge variant="secondary">
      <CategoryIcon icon={bot.category.icon} />
      {t(`categories.${bot.category.id}`, { defaultValue: bot.category.name })}
    </Badge>
  );
}

function GridBotCard({
  bot,
  detailed,
  favorited,
  onTagClick,
}: {
  bot: BotSummary;
  detailed: boolean;
  favorited: boolean;
  onTagClick?(tag: string): void;
}) {
  const { t, i18n } = useTranslation();
  // Below a thousand there is nothing to shorten, and the compact formatter is the costliest to build.
  const compact = (n: number) => (n < 1000 ? String(n) : numberFormat(i18n.language, { notation: 'compact' }).format(n));
  return (
    // content-visibility: cards below the fold are not laid out or painted until scrolled near.
    <Card
      className="group flex flex-col overflow-hidden transition-shadow [contain-intrinsic-size:auto_18rem] [content-visibility:auto] hover:shadow-md"
      data-testid="bot-card"
    >
      <div className="flex items-start gap-3 p-4 pb-2">
        <Link
          to={ROUTES.bot(bot.id)}
          className="flex min-w-0 flex-1 gap-3 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
        >
          <Avatar src={bot.avatarUrl} name={bot.name} className={cn('rounded-xl', detailed ? 'size-20' : 'size-14')} />
          <div className="grid min-w-0 content-start gap-1">
            <h3 className="line-clamp-2 break-words font-semibold leading-snug group-hover:text-primary">{bot.name}</h3>
            <p className="truncate text-xs text-muted-foreground">{t('botCard.by', { name: bot.creator.displayName })}</p>
            <div className="flex items-center gap-3 text-xs text-muted-foreground">
              <Rating bot={bot} />
              <span className="flex items-center gap-1" title={t('botCard.chats')}>
                <MessagesSquare className="size-3.5" aria-hidden="true" />
                <span className="sr-only">{t('botCard.chats')}:</span>
                {compact(bot.stats.totalChats)}
              </span>
              {bot.nsfw ? <Badge variant="destructive">NSFW</Badge> : null}
            </div>
          </div>
        </Link>
        <div className="-mr-2 -mt-1 flex shrink-0">
          <FavoriteButton botId={bot.id} favorited={favorited} />
          <CardMenu bot={bot} />
        </div>
      </div>
      {/* A preview in plain words: no Markdown marks; {{char}} is the bot and {{user}} "you", whoever reads (a chat's persona is not known here). */}
      <p className={cn('px-4 text-sm text-muted-foreground', detailed ? 'line-clamp-4' : 'line-clamp-2')}>
        {plainText(bot.description, { char: bot.name, user: t('botDetail.you') })}
      </p>
      <div className="mt-3 flex flex-wrap gap-1.5 px-4">
        <CategoryBadge bot={bot} />
        {bot.tags.slice(0, detailed ? 8 : 3).map((tag) =>
          onTagClick ? (
            <button
              key={tag}
              type="button"
              onClick={() => onTagClick(tag)}
              className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
              aria-label={t('botCard.filterByTag', { tag })}
            >
              <Badge variant="outline" className="font-normal hover:bg-accent">
                #{tag}
              </Badge>
            </button>
          ) : (
            <Badge key={tag} variant="outline" className="font-normal">
              #{tag}
            </Badge>
          ),
        )}
      </div>
      {detailed ? (
        <dl className="mx-4 mt-3 grid grid-cols-3 gap-2 rounded-lg bg-muted/50 p-2 text-center text-xs">
          <div>
            <dt className="text-muted-foreground">{t('botCard.chats')}</dt>
            <dd className="font-semibold">{compact(bot.stats.totalChats)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('botCard.messages')}</dt>
            <dd className="font-semibold">{compact(bot.stats.totalMessages)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('botCard.rating')}</dt>
            <dd className="font-semibold">
              {(bot.stats.avgRating ?? DEFAULT_CARD_RATING).toFixed(1)}
              <span className="block font-normal text-muted-foreground">{t('botCard.votes', { count: bot.stats.ratingCount })}</span>
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="mt-auto grid gap-2 p-4 pt-3">
        <p className="text-xs text-muted-foreground">{t('botCard.updated', { when: timeAgo(bot.updatedAt, i18n.language) })}</p>
        <StartChatLink botId={bot.id} className="w-full" />
      </div>
    </Card>
  );
}

function CompactBotCard({ bot, favorited }: { bot: BotSummary; favorited: boolean }) {
  const { t } = useTranslation();
  const category = bot.category ? t(`categories.${bot.category.id}`, { defaultValue: bot.category.name }) : '';
  return (
    <Card className="flex items-center gap-3 p-3" data-testid="bot-card">
      <Link
        to={ROUTES.bot(bot.id)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
      >
        <Avatar src={bot.avatarUrl} name={bot.name} className="size-10 rounded-lg" />
        <div className="grid min-w-0 gap-0.5">
          <span className="truncate font-medium">{bot.name}</span>
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            <Rating bot={bot} />
            <span className="flex items-center gap-1">
              <MessagesSquare className="size-3.5" aria-hidden="true" />
              <span className="sr-only">{t('botCard.chats')}:</span>
              {bot.stats.totalChats}
            </span>
            {bot.category ? (
              <span className="flex min-w-0 items-center gap-1" title={category}>
                <CategoryIcon icon={bot.category.icon} className="size-3.5 shrink-0" />
                {/* A phone shows the icon only. */}
                <span className="sr-only truncate sm:not-sr-only">{category}</span>
              </span>
            ) : null}
          </span>
        </div>
      </Link>
      <FavoriteButton botId={bot.id} favorited={favorited} />
      <CardMenu bot={bot} />
      <StartChatLink botId={bot.id} className="hidden sm:inline-flex" />
      {/* On a phone the row keeps Start Chat as an icon. */}
      <Button asChild size="icon" className="shrink-0 sm:hidden">
        <Link to={ROUTES.chatWith(bot.id)} aria-label={t('botCard.startChat')} title={t('botCard.startChat')}>
          <MessageSquarePlus />
        </Link>
      </Button>
    </Card>
  );
}

export function BotCardSkeleton({ variant = 'default' }: { variant?: BotCardVariant }) {
  if (variant === 'compact') return <Skeleton className="h-16 rounded-xl" />;
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex gap-3">
        <Skeleton className="size-14 rounded-xl" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-3 w-full" />
      <Skeleton className="h-3 w-5/6" />
      <Skeleton className="mt-2 h-8 w-full" />
    </Card>
  );
}
