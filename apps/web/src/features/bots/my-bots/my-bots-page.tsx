import { BookOpen, Bot, FolderInput, PlusCircle, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LOADING_SKELETON_CARDS } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import { ErrorCard } from '@/components/error-card';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useMyBots } from '../api';
import { BulkBar } from './bulk-bar';
import { ImportButton } from './import-button';
import { DraftList } from './draft-list';
import { ListToolbar } from './list-toolbar';
import { MyBotCard } from './my-bot-card';
import { readMyBotsFilters, writeMyBotsFilters, type MyBotsFilters } from './my-bots-query';
import { selectAllState, useSelection } from './selection';
import './texts';

const PAGE_SIZE = 24;

/** /my-bots: the caller's bots to search, sort, select, publish, clone, export and delete. */
export function MyBotsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readMyBotsFilters(params);
  const selection = useSelection();
  const update = (change: Partial<MyBotsFilters>) => {
    setParams(writeMyBotsFilters({ ...filters, page: 1, ...change }), { replace: true });
    selection.clear();
  };
  const bots = useMyBots({
    q: filters.q || undefined,
    category: filters.category || undefined,
    visibility: filters.visibility || undefined,
    sortBy: filters.sortBy,
    page: filters.page,
    limit: PAGE_SIZE,
  });
  const visibleIds = bots.data?.items.map((b) => b.id) ?? [];
  const filtered = Boolean(filters.q || filters.category || filters.visibility);

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('myBots.title')}</h1>
          <p className="text-muted-foreground">{bots.data ? t('myBots.count', { count: bots.data.total }) : t('myBots.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={ROUTES.lorebooks} data-testid="lorebooks-link">
              <BookOpen />
              {t('myBots.lorebooks')}
            </Link>
          </Button>
          <ImportButton />
          <Button asChild variant="outline">
            <Link to={ROUTES.importSillyTavern} data-testid="sillytavern-import-link">
              <FolderInput />
              {t('nav.importSillyTavern')}
            </Link>
          </Button>
          <Button asChild>
            <Link to={ROUTES.botsCreate}>
              <PlusCircle />
              {t('myBots.create')}
            </Link>
          </Button>
        </div>
      </header>

      <DraftList />

      <ListToolbar filters={filters} onChange={update} />

      {bots.isError ? (
        <ErrorCard message={bots.error.message || BOT_FAILURES.list} onRetry={() => void bots.refetch()} />
      ) : bots.isPending ? (
        <div
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          role="status"
          aria-label={t('common.loading')}
          data-testid="my-bots-skeleton"
        >
          {Array.from({ length: LOADING_SKELETON_CARDS }, (_, i) => (
            <Skeleton key={i} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : bots.data.items.length === 0 ? (
        <Card className="border-dashed">
          <CardContent className="grid place-items-center gap-3 p-10 text-center">
            {filtered ? <SearchX className="size-10 text-muted-foreground" /> : <Bot className="size-10 text-primary" />}
            <p className="font-semibold">{filtered ? t('myBots.noMatchTitle') : t('myBots.emptyTitle')}</p>
            <p className="text-sm text-muted-foreground">{filtered ? t('myBots.noMatchText') : t('myBots.emptyText')}</p>
            {filtered ? (
              <Button variant="outline" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                {t('explore.resetFilters')}
              </Button>
            ) : (
              <Button asChild>
                <Link to={ROUTES.botsCreate}>
                  <PlusCircle />
                  {t('myBots.create')}
                </Link>
              </Button>
            )}
          </CardContent>
        </Card>
      ) : (
        <>
          <div className="flex items-center gap-2">
            <Checkbox
              id="select-all"
              checked={selectAllState(visibleIds, selection.selected)}
              onCheckedChange={() => selection.toggleAll(visibleIds)}
              aria-label={t('myBots.selectAll')}
            />
            <label htmlFor="select-all" className="text-sm">
              {t('myBots.selectAll')}
            </label>
          </div>
          <BulkBar ids={[...selection.selected]} onDone={selection.clear} onClear={selection.clear} />
          <div
            className={cn('grid gap-4 sm:grid-cols-2 xl:grid-cols-3', bots.isPlaceholderData && 'opacity-70')}
            aria-busy={bots.isFetching}
          >
            {bots.data.items.map((bot) => (
              <MyBotCard key={bot.id} bot={bot} selected={selection.selected.has(bot.id)} onToggle={() => selection.toggle(bot.id)} />
            ))}
          </div>
          <Pagination
            page={filters.page}
            total={bots.data.total}
            limit={PAGE_SIZE}
            onPage={(page) => setParams(writeMyBotsFilters({ ...filters, page }), { replace: true })}
          />
        </>
      )}
    </div>
  );
}
