import { ChevronDown, PlusCircle, Sparkles, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LOADING_SKELETON_CARDS, SEARCH_DEBOUNCE_MS } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import { ErrorCard } from '@/components/error-card';
import { Pagination } from '@/components/pagination';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { SearchInput } from '@/components/search-input';
import { Label } from '@/components/ui/label';
import { SELECT_TRIGGER_CLASS, SWITCH_ROOT_CLASS, SWITCH_THUMB_CLASS } from '@/components/ui/control-styles';
import { useCurrentUser } from '@/features/auth/store';
import { useDebounced } from '@/lib/use-debounced';
import { useHydrated } from '@/lib/use-hydrated';
import { cn } from '@/lib/cn';
import { useCategories, usePublicBots } from '../api';
import { BotCard, BotCardSkeleton } from '../components/bot-card';
import { CategoryIcon } from '../components/category-icon';
import { useFavoriteIds } from '../use-favorite-ids';
import { EXPLORE_PAGE_SIZE, explorePublicQuery } from './first-page';
import { isFiltered, readExploreQuery, writeExploreQuery, type ExploreQuery } from './explore-query';
import { useNsfwOptIn } from './use-nsfw-opt-in';

// The sort select and the NSFW switch (Radix) load once the page is live, look-alikes meanwhile:
// the home page is prerendered and hydrated without them (the web budget, budget.json).
const SortSelect = lazy(() => import('./explore-controls').then((m) => ({ default: m.SortSelect })));
const NsfwSwitch = lazy(() => import('./explore-controls').then((m) => ({ default: m.NsfwSwitch })));

/** The sort select's look, until it has loaded: its trigger with the order shown, not yet usable. */
function SortLookAlike({ value }: { value: ExploreQuery['sortBy'] }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      disabled
      className={cn(SELECT_TRIGGER_CLASS, 'md:w-auto md:min-w-48 disabled:cursor-default disabled:opacity-100')}
      aria-label={t('explore.sortLabel')}
    >
      <span>{t(`explore.sort.${value}`)}</span>
      <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
    </button>
  );
}

/** The switch's look, until it has loaded. */
function SwitchLookAlike({ id, checked }: { id: string; checked: boolean }) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      disabled
      data-state={state}
      className={cn(SWITCH_ROOT_CLASS, 'disabled:cursor-default disabled:opacity-100')}
    >
      <span data-state={state} className={SWITCH_THUMB_CLASS} />
    </button>
  );
}

/** The home page (/ and /explore): public characters to search, filter by category and tags, and sort. */
export function ExplorePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const query = readExploreQuery(params);
  const update = (change: Partial<ExploreQuery>) => setParams(writeExploreQuery({ ...query, page: 1, ...change }), { replace: true });

  // The box updates the URL once the typing pauses (300 ms).
  const [search, setSearch] = useState(query.q);
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== query.q) update({ q: debounced });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the typed text moves the URL
  }, [debounced]);
  // ...and the box follows the URL when it changes on its own (the sidebar's Explore link), not when it echoes the box.
  const [urlQ, setUrlQ] = useState(query.q);
  if (urlQ !== query.q) {
    setUrlQ(query.q);
    if (query.q !== debounced) setSearch(query.q);
  }

  const [nsfw, setNsfw] = useNsfwOptIn();
  // The prerendered page is hydrated with the controls' look-alikes (what the build drew).
  const hydrated = useHydrated();
  const categories = useCategories();
  // Deferred too: the favorites arrive after the cards, and marking them redraws in the background.
  const favorites = useDeferredValue(useFavoriteIds());
  const bots = usePublicBots(explorePublicQuery(query, nsfw));
  // The cards are drawn in the background (a deferred value renders in slices that let the
  // browser breathe), so their arrival never freezes typing, scrolling or the first paint.
  const shown = useDeferredValue(bots.data);
  const filtered = isFiltered(query);
  // A page past the end (a stale link, a list that shrank) goes to the last one.
  const lastPage = bots.data ? Math.max(1, Math.ceil(bots.data.total / EXPLORE_PAGE_SIZE)) : 1;
  useEffect(() => {
    if (bots.data && !bots.isPlaceholderData && query.page > lastPage) update({ page: lastPage });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is rebuilt each render
  }, [bots.data, bots.isPlaceholderData, query.page, lastPage]);
  const addTag = (tag: string) => !query.tags.some((x) => x.toLowerCase() === tag.toLowerCase()) && update({ tags: [...query.tags, tag] });
  // The cards are memoized: hand them one function for the page's life, which calls the latest addTag.
  const latestAddTag = useRef(addTag);
  useLayoutEffect(() => {
    latestAddTag.current = addTag;
  });
  const onTagClick = useCallback((tag: string) => void latestAddTag.current(tag), []);

  return (
    <div className="grid gap-8">
      <section className="relative overflow-hidden rounded-2xl border bg-gradient-to-br from-violet-600 via-fuchsia-600 to-pink-500 p-6 text-white shadow-sm sm:p-10">
        <div className="relative z-10 grid max-w-2xl gap-3">
          <p className="flex items-center gap-2 text-sm font-medium text-white/80">
            <Sparkles className="size-4" />
            {t('explore.kicker')}
          </p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('explore.title')}</h1>
          <p className="text-white/85">{t('explore.subtitle')}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button asChild variant="secondary" className="bg-white text-violet-700 hover:bg-white/90">
              <Link to={user ? ROUTES.botsCreate : ROUTES.signup} data-signed-out={user ? undefined : ''}>
                <PlusCircle />
                {user ? t('explore.createCta') : t('explore.joinCta')}
              </Link>
            </Button>
          </div>
        </div>
        <div className="pointer-events-none absolute -right-16 -top-16 size-64 rounded-full bg-white/10 blur-2xl" />
      </section>

      <section className="grid gap-4" aria-labelledby="explore-heading">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="explore-heading" className="text-xl font-semibold">
            {t('explore.heading')}
          </h2>
          {bots.data ? <span className="text-sm text-muted-foreground">{t('explore.count', { count: bots.data.total })}</span> : null}
        </div>

        <div className="grid gap-3 md:grid-cols-[1fr_auto_auto] md:items-center">
          <SearchInput
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('explore.searchPlaceholder')}
            data-testid="explore-search"
          />
          {hydrated ? (
            <Suspense fallback={<SortLookAlike value={query.sortBy} />}>
              <SortSelect value={query.sortBy} onChange={(sortBy) => update({ sortBy })} />
            </Suspense>
          ) : (
            <SortLookAlike value={query.sortBy} />
          )}
          {user ? (
            <div className="flex items-center gap-2">
              {hydrated ? (
                <Suspense fallback={<SwitchLookAlike id="explore-nsfw" checked={nsfw} />}>
                  <NsfwSwitch
                    id="explore-nsfw"
                    checked={nsfw}
                    onChange={(on) => {
                      setNsfw(on);
                      if (query.page > 1) update({});
                    }}
                  />
                </Suspense>
              ) : (
                <SwitchLookAlike id="explore-nsfw" checked={nsfw} />
              )}
              <Label htmlFor="explore-nsfw" className="whitespace-nowrap">
                {t('explore.showNsfw')}
              </Label>
            </div>
          ) : null}
        </div>

        <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" role="group" aria-label={t('explore.categories')}>
          <CategoryChip active={!query.category} onClick={() => update({ category: '' })}>
            {t('explore.allCategories')}
          </CategoryChip>
          {categories.data?.items.map((c) => (
            <CategoryChip
              key={c.id}
              active={query.category === c.id}
              onClick={() => update({ category: query.category === c.id ? '' : c.id })}
            >
              <CategoryIcon icon={c.icon} className="size-4" />
              {t(`categories.${c.id}`, { defaultValue: c.name })}
            </CategoryChip>
          ))}
        </div>

        {query.tags.length ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground">{t('explore.tags')}</span>
            {query.tags.map((tag) => (
              <Badge key={tag} variant="secondary" className="gap-1 pr-1">
                #{tag}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-background/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
                  aria-label={t('explore.removeTag', { tag })}
                  onClick={() => update({ tags: query.tags.filter((x) => x !== tag) })}
                >
                  <X />
                </button>
              </Badge>
            ))}
          </div>
        ) : null}

        {bots.isError ? (
          <ErrorCard message={bots.error.message || BOT_FAILURES.list} onRetry={() => void bots.refetch()} />
        ) : !shown ? (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label={t('common.loading')}>
            {Array.from({ length: LOADING_SKELETON_CARDS }, (_, i) => (
              <BotCardSkeleton key={i} />
            ))}
          </div>
        ) : shown.items.length === 0 ? (
          <Card className="border-dashed">
            <CardContent className="grid place-items-center gap-3 p-10 text-center">
              <Sparkles className="size-10 text-primary" />
              <p className="font-semibold">{filtered ? t('explore.noMatchTitle') : t('explore.emptyTitle')}</p>
              <p className="text-sm text-muted-foreground">{filtered ? t('explore.noMatchText') : t('explore.emptyText')}</p>
              {filtered ? (
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearch('');
                    setParams(new URLSearchParams(), { replace: true });
                  }}
                >
                  {t('explore.resetFilters')}
                </Button>
              ) : (
                <Button asChild>
                  <Link to={ROUTES.botsCreate}>{t('explore.createCta')}</Link>
                </Button>
              )}
            </CardContent>
          </Card>
        ) : (
          <>
            <div
              className={cn('grid gap-4 sm:grid-cols-2 xl:grid-cols-3', bots.isPlaceholderData && 'opacity-70')}
              aria-busy={bots.isFetching}
            >
              {shown.items.map((bot) => (
                <BotCard key={bot.id} bot={bot} favorited={favorites.has(bot.id)} onTagClick={onTagClick} />
              ))}
            </div>
            <Pagination page={query.page} total={shown.total} limit={EXPLORE_PAGE_SIZE} onPage={(page) => update({ page })} />
          </>
        )}
      </section>
    </div>
  );
}

function CategoryChip({ active, onClick, children }: { active: boolean; onClick(): void; children: ReactNode }) {
  return (
    <Button variant={active ? 'default' : 'outline'} size="sm" className="shrink-0 rounded-full" aria-pressed={active} onClick={onClick}>
      {children}
    </Button>
  );
}
