import { CalendarClock, LogIn, LogOut, Trophy, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LEADERBOARD_PAGE_DEFAULT } from '@app/shared/leaderboards/boards';
import type { Leaderboard, LeaderboardEntries } from '@app/shared/leaderboards/schemas';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/features/auth/store';
import { cn } from '@/lib/cn';
import { numberFormat } from '@/lib/intl';
import { translateMessage } from '@/lib/messages';
import { useLeaderboardEntries, useLeaderboardMembership, useLeaderboards } from './api';
import { boardName, PlaceMark, PlayerRow, RowsSkeleton, scoreText } from './parts';
import './texts';

/** The spec's page size (§9: 100 a page). */
const PAGE_SIZE = LEADERBOARD_PAGE_DEFAULT;

/**
 * /leaderboards (issue 19): a tab per board, the board's players a page at a time (ties share a
 * rank), and the caller's own place pinned under the list, with joining and leaving. The tab and
 * the page are in the address (?board=&page=), so a link or a reload keeps them.
 */
export function LeaderboardsPage() {
  const { t } = useTranslation();
  const boards = useLeaderboards();
  const [params, setParams] = useSearchParams();
  const items = boards.data?.items ?? [];
  const selected = items.find((b) => b.id === params.get('board'))?.id ?? items[0]?.id;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const select = (board: string) => setParams({ board }, { replace: true });
  const goTo = (next: number) => setParams({ ...(selected ? { board: selected } : {}), page: String(next) });

  return (
    <div className="grid grid-cols-1 gap-5">
      <PageHeader icon={Trophy} title={t('leaderboards.title')} subtitle={t('leaderboards.subtitle')} />

      {boards.isError ? (
        <ErrorCard message={boards.error.message} onRetry={() => void boards.refetch()} />
      ) : !boards.data || !selected ? (
        <div className="grid gap-4" aria-busy="true" data-testid="leaderboards-loading">
          <Skeleton className="h-10 w-full max-w-2xl" />
          <Skeleton className="h-28" />
          <RowsSkeleton rows={6} />
        </div>
      ) : (
        <Tabs value={selected} onValueChange={select}>
          <TabsList className="w-full justify-start sm:w-auto" aria-label={t('leaderboards.boardsLabel')}>
            {items.map((b) => (
              <TabsTrigger key={b.id} value={b.id} data-testid={`leaderboard-tab-${b.id}`}>
                {boardName(t, b.id, b.name)}
              </TabsTrigger>
            ))}
          </TabsList>
          {items.map((b) => (
            <TabsContent key={b.id} value={b.id}>
              {b.id === selected ? <BoardPanel board={b} page={page} onPage={goTo} /> : null}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}

function BoardPanel({ board, page, onPage }: { board: Leaderboard; page: number; onPage(page: number): void }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const offset = (page - 1) * PAGE_SIZE;
  const entries = useLeaderboardEntries(board.id, PAGE_SIZE, offset);
  const name = boardName(t, board.id, board.name);
  const resetsAt = board.resetsAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(board.resetsAt))
    : null;

  return (
    <Card data-testid="leaderboard-board" data-board={board.id}>
      <CardHeader className="gap-1">
        <CardTitle className="text-lg">{name}</CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="inline-flex items-center gap-1.5">
            <CalendarClock className="size-4" aria-hidden />
            {t(`leaderboards.periods.${board.period}`)}
          </span>
          {resetsAt ? <span>{t('leaderboards.resetsOn', { when: resetsAt })}</span> : null}
          {board.period === 'weekly' ? <span>{t('leaderboards.weeklyBadge')}</span> : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        {entries.isError ? (
          <ErrorCard message={entries.error.message} onRetry={() => void entries.refetch()} />
        ) : !entries.data ? (
          <div aria-busy="true" data-testid="leaderboard-loading">
            <Skeleton className="mb-3 h-20" />
            <RowsSkeleton rows={8} />
          </div>
        ) : (
          <>
            {entries.data.items.length === 0 ? (
              <div
                className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center"
                data-testid="leaderboard-empty"
              >
                <Users className="size-8 text-muted-foreground" aria-hidden />
                {entries.data.total > 0 ? (
                  // A page past the last one (an old link): the board has players, just not this many.
                  <>
                    <p className="font-medium">{t('leaderboards.pastLastPage')}</p>
                    <Button variant="outline" size="sm" onClick={() => onPage(1)}>
                      {t('leaderboards.firstPage')}
                    </Button>
                  </>
                ) : (
                  <>
                    <p className="font-medium">{t('leaderboards.empty')}</p>
                    <p className="text-sm text-muted-foreground">{t('leaderboards.emptyHint')}</p>
                  </>
                )}
              </div>
            ) : (
              <ol
                className={cn('grid grid-cols-1 gap-1', entries.isPlaceholderData && 'opacity-60')}
                aria-label={t('leaderboards.listLabel', { board: name })}
              >
                {entries.data.items.map((entry) => (
                  <PlayerRow key={entry.userId} entry={entry} metric={board.metric} isMe={entry.userId === user?.id} />
                ))}
              </ol>
            )}
            <Pagination page={page} total={entries.data.total} limit={PAGE_SIZE} onPage={onPage} />
            <MyPosition board={board} data={entries.data} page={page} onPage={onPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The caller's place, pinned at the bottom of the screen while the list scrolls; join or leave here. */
function MyPosition({
  board,
  data,
  page,
  onPage,
}: {
  board: Leaderboard;
  data: LeaderboardEntries;
  page: number;
  onPage(page: number): void;
}) {
  const { t, i18n } = useTranslation();
  const membership = useLeaderboardMembership();
  const number = numberFormat(i18n.language);
  const me = data.me;
  const myPage = me ? Math.ceil(me.rank / PAGE_SIZE) : null;
  const top = me && data.total > 0 ? Math.max(0.1, Math.round((me.rank / data.total) * 1000) / 10) : null;
  const error = membership.error ? translateMessage(membership.error.message) : null;

  return (
    <section
      className={cn(
        'grid gap-2 rounded-xl border bg-card/95 p-3 shadow-md backdrop-blur supports-[backdrop-filter]:bg-card/80',
        // Pinned while a list scrolls under it; with no player on the page there is nothing to pin
        // over, and on a phone the pinned card covered the empty board's words.
        data.items.length > 0 && 'sticky bottom-2 z-10',
      )}
      aria-label={t('leaderboards.yourPosition')}
      data-testid="leaderboard-me"
    >
      {me ? (
        <div className="flex flex-wrap items-center gap-3">
          <PlaceMark rank={me.rank} className="size-10" />
          <div className="min-w-0 flex-1">
            <p className="text-xs text-muted-foreground">{t('leaderboards.yourPosition')}</p>
            <p className="font-semibold">
              <span data-testid="leaderboard-me-rank">{t('leaderboards.rank', { rank: number.format(me.rank) })}</span>{' '}
              <span className="font-normal text-muted-foreground">
                {t('leaderboards.ofPlayers', { count: data.total, value: number.format(data.total) })}
                {top !== null ? ` · ${t('leaderboards.top', { value: number.format(top) })}` : null}
              </span>
            </p>
          </div>
          <span className="text-lg font-bold tabular-nums" data-testid="leaderboard-me-score">
            {scoreText(t, i18n.language, board.metric, me.score)}
          </span>
          <div className="flex w-full flex-wrap justify-end gap-2 sm:w-auto">
            {myPage !== null && myPage !== page ? (
              <Button size="sm" variant="outline" onClick={() => onPage(myPage)}>
                {t('leaderboards.showMe')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              disabled={membership.isPending}
              onClick={() => membership.mutate({ id: board.id, join: false })}
            >
              <LogOut aria-hidden />
              {membership.isPending ? t('leaderboards.leaving') : t('leaderboards.leave')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          {/* At least 13rem for the words: narrower, the button goes under them instead of squeezing them a word a line. */}
          <div className="min-w-0 flex-1 basis-52">
            <p className="font-medium">{t('leaderboards.notJoined')}</p>
            <p className="text-sm text-muted-foreground">{t('leaderboards.notJoinedHint')}</p>
          </div>
          <Button
            disabled={membership.isPending}
            onClick={() => membership.mutate({ id: board.id, join: true })}
            data-testid="leaderboard-join"
          >
            <LogIn aria-hidden />
            {membership.isPending ? t('leaderboards.joining') : t('leaderboards.join')}
          </Button>
        </div>
      )}
      {error ? (
        <Alert variant="destructive" className="text-sm">
          {error}
        </Alert>
      ) : null}
    </section>
  );
}
