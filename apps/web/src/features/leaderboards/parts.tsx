import { Crown, Medal } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import type { LeaderboardMetric } from '@app/shared/leaderboards/boards';
import type { LeaderboardEntry } from '@app/shared/leaderboards/schemas';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { numberFormat } from '@/lib/intl';
import './texts';

/** A score in the board's unit: '1,240 XP', '12 messages', '3 favorites'. */
export function scoreText(t: TFunction, language: string, metric: LeaderboardMetric, score: number): string {
  const value = numberFormat(language).format(score);
  return metric === 'xp' ? t('leaderboards.score.xp', { value }) : t(`leaderboards.score.${metric}`, { count: score, value });
}

/** A board's name in the interface's language (the API's English name for a board this build doesn't know). */
export function boardName(t: TFunction, id: string, fallback: string): string {
  return t(`leaderboards.boards.${id}`, { defaultValue: fallback });
}

const PLACE_TINTS: Record<number, string> = {
  1: 'bg-yellow-400/20 text-yellow-700 dark:text-yellow-300',
  2: 'bg-slate-400/20 text-slate-600 dark:text-slate-300',
  3: 'bg-amber-700/15 text-amber-800 dark:text-amber-400',
};

/** The rank: a crown for first, medals for second and third (named for screen readers), else the number. */
export function PlaceMark({ rank, className }: { rank: number; className?: string }) {
  const { t } = useTranslation();
  const tint = PLACE_TINTS[rank];
  if (!tint) {
    return (
      <span
        className={cn(
          'flex size-8 shrink-0 items-center justify-center text-sm font-semibold tabular-nums text-muted-foreground',
          className,
        )}
      >
        {rank}
      </span>
    );
  }
  const Icon = rank === 1 ? Crown : Medal;
  return (
    <span
      className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', tint, className)}
      title={t(`leaderboards.places.${rank}`)}
    >
      <Icon className="size-4" aria-hidden />
      <span className="sr-only">{t(`leaderboards.places.${rank}`)}</span>
    </span>
  );
}

/** One player's row: place, avatar, name (a link to the profile), level and score; the caller's is marked. */
export function PlayerRow({
  entry,
  metric,
  isMe,
  compact = false,
}: {
  entry: LeaderboardEntry;
  metric: LeaderboardMetric;
  isMe: boolean;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li
      className={cn('flex items-center gap-3 rounded-lg px-2 py-2', isMe ? 'bg-primary/10 ring-1 ring-primary/30' : 'hover:bg-muted/60')}
      data-testid="leaderboard-row"
      data-user-id={entry.userId}
      aria-current={isMe ? 'true' : undefined}
    >
      <PlaceMark rank={entry.rank} />
      <Avatar src={entry.avatarUrl} name={entry.displayName} className={compact ? 'size-8' : 'size-9'} decorative />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5">
          <Link to={ROUTES.profile(entry.username)} className="truncate font-medium hover:underline focus-visible:underline">
            {entry.displayName}
          </Link>
          {isMe ? (
            <Badge variant="secondary" className="shrink-0">
              {t('leaderboards.you')}
            </Badge>
          ) : null}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          @{entry.username}
          {compact ? null : ` · ${t('leaderboards.level', { level: entry.level })}`}
        </p>
      </div>
      <span className="shrink-0 text-right text-sm font-semibold tabular-nums" data-testid="leaderboard-score">
        {scoreText(t, i18n.language, metric, entry.score)}
      </span>
    </li>
  );
}

/** Rows while a board loads. */
export function RowsSkeleton({ rows }: { rows: number }) {
  return (
    <ul className="grid grid-cols-1 gap-1" aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex items-center gap-3 px-2 py-2">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-32 max-w-full" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="h-4 w-16" />
        </li>
      ))}
    </ul>
  );
}
