import { Bot, PlusCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOADING_SKELETON_CARDS, SEARCH_DEBOUNCE_MS } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import type { PublicProfile } from '@app/shared/profiles/schemas';
import { ErrorCard } from '@/components/error-card';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { SearchInput } from '@/components/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useMyBots, usePublicBots } from '@/features/bots/api';
import { BotCard, BotCardSkeleton } from '@/features/bots/components/bot-card';
import { useFavoriteIds } from '@/features/bots/use-favorite-ids';
import { useDebounced } from '@/lib/use-debounced';
import './texts';

type Filter = 'all' | 'published' | 'draft';
type Sort = 'recent' | 'rating';
const PAGE_SIZE = 12;

/** The profile's bots (§2 'Profile bots tab'): search over name, description and tags; drafts only for the owner. */
export function ProfileBotsTab({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<Filter>('all');
  const [sort, setSort] = useState<Sort>('recent');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [page, setPage] = useState(1);
  const favorites = useFavoriteIds();
  const sortBy = sort === 'rating' ? 'rating' : 'newest';
  // The owner sees all their bots through /my; everyone else the public ones of this creator.
  const own = useMyBots(
    {
      q: q || undefined,
      sortBy,
      visibility: filter === 'published' ? 'public' : filter === 'draft' ? 'private' : undefined,
      page,
      limit: PAGE_SIZE,
    },
    { enabled: profile.isMe },
  );
  const theirs = usePublicBots({ q: q || undefined, creator: profile.id, sortBy, page, limit: PAGE_SIZE }, { enabled: !profile.isMe });
  const bots = profile.isMe ? own : theirs;
  const searching = Boolean(q) || filter !== 'all';

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-center">
        <SearchInput
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          placeholder={t('profile.searchBots')}
        />
        {profile.isMe ? (
          <Select value={filter} onValueChange={(v) => (setFilter(v as Filter), setPage(1))}>
            <SelectTrigger className="sm:w-36" aria-label={t('profile.filter')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(['all', 'published', 'draft'] as const).map((f) => (
                <SelectItem key={f} value={f}>
                  {t(`profile.filters.${f}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : null}
        <Select value={sort} onValueChange={(v) => (setSort(v as Sort), setPage(1))}>
          <SelectTrigger className="sm:w-36" aria-label={t('profile.sort')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="recent">{t('profile.sorts.recent')}</SelectItem>
            <SelectItem value="rating">{t('profile.sorts.rating')}</SelectItem>
          </SelectContent>
        </Select>
        <div className="flex items-center gap-2">
          {/* A view switch, not tabs: both views show the same list (tabs would point at panels that don't exist). */}
          <div
            role="group"
            aria-label={t('profile.view')}
            className="inline-flex h-9 items-center rounded-lg bg-muted p-1 text-muted-foreground"
          >
            {(['grid', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={cn(
                  'inline-flex h-7 items-center rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  view === v ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
                )}
              >
                {t(`profile.${v}`)}
              </button>
            ))}
          </div>
          {profile.isMe ? (
            <Button asChild size="sm">
              <Link to={ROUTES.botsCreate}>
                <PlusCircle />
                {t('profile.create')}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      {bots.isError ? (
        <ErrorCard message={bots.error.message || BOT_FAILURES.list} onRetry={() => void bots.refetch()} />
      ) : bots.isPending ? (
        <div
          className={view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'grid gap-2'}
          role="status"
          aria-label={t('common.loading')}
        >
          {Array.from({ length: LOADING_SKELETON_CARDS }, (_, i) => (
            <BotCardSkeleton key={i} variant={view === 'grid' ? 'default' : 'compact'} />
          ))}
        </div>
      ) : bots.data.items.length === 0 ? (
        <Card className="border-dashed">
          <CardContent className="grid place-items-center gap-2 p-10 text-center">
            <Bot className="size-10 text-muted-foreground" />
            <p className="font-semibold">{searching ? t('profile.noBotsFound') : t('profile.noPublicBots')}</p>
            {!searching ? <p className="text-sm text-muted-foreground">{t('profile.noPublicBotsText')}</p> : null}
          </CardContent>
        </Card>
      ) : (
        <>
          <div className={view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'grid gap-2'}>
            {bots.data.items.map((bot) => (
              <BotCard key={bot.id} bot={bot} variant={view === 'grid' ? 'default' : 'compact'} favorited={favorites.has(bot.id)} />
            ))}
          </div>
          <Pagination page={page} total={bots.data.total} limit={PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </div>
  );
}
