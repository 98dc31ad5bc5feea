import { ArrowRight, Trophy, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { leaderboardById, TOP_PLAYERS_LIMIT } from '@app/shared/leaderboards/boards';
import { ErrorCard } from '@/components/error-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/store';
import { cn } from '@/lib/cn';
import { useLeaderboardEntries } from './api';
import { PlayerRow, RowsSkeleton } from './parts';
import './texts';

/**
 * The 'Top Players' card (gamification.md §2.9): the first players of a board (this week's XP by
 * default), five unless told, with their place icons; in the spec these were sample players, here
 * they are the board's real leaders, and the way to the whole board.
 */
export function TopPlayersCard({
  boardId = 'xp-weekly',
  limit = TOP_PLAYERS_LIMIT,
  className,
}: {
  boardId?: string;
  limit?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const board = leaderboardById(boardId)!;
  const entries = useLeaderboardEntries(board.id, limit, 0);
  const link = `${ROUTES.leaderboards}?board=${encodeURIComponent(board.id)}`;

  return (
    <Card className={cn(className)} data-testid="top-players">
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <Trophy className="size-5 text-yellow-600 dark:text-yellow-400" aria-hidden />
            {t('leaderboards.topPlayers')}
          </CardTitle>
          <CardDescription>{t('leaderboards.topPlayersHint')}</CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm" className="shrink-0">
          <Link to={link}>
            {t('leaderboards.viewAll')}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {entries.isError ? (
          <ErrorCard message={entries.error.message} onRetry={() => void entries.refetch()} />
        ) : !entries.data ? (
          <div aria-busy="true">
            <RowsSkeleton rows={limit} />
          </div>
        ) : entries.data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-6 text-center">
            <Users className="size-6 text-muted-foreground" aria-hidden />
            <p className="text-sm font-medium">{t('leaderboards.empty')}</p>
            <Button asChild size="sm" variant="outline">
              <Link to={link}>{t('leaderboards.join')}</Link>
            </Button>
          </div>
        ) : (
          <ol className="grid grid-cols-1 gap-1">
            {entries.data.items.map((entry) => (
              <PlayerRow key={entry.userId} entry={entry} metric={board.metric} isMe={entry.userId === user?.id} compact />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
