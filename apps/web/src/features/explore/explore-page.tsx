import { AlertCircle, ChevronLeft, ChevronRight, PlusCircle, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LOADING_SKELETON_CARDS } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/store';
import { usePublicBots } from './api';
import { BotCard, BotCardSkeleton } from './bot-card';

/** The home page (/ and /explore): public characters, newest first, page by page. */
export function ExplorePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, refetch, isFetching } = usePublicBots(page);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const goTo = (p: number) => setParams(p === 1 ? {} : { page: String(p) });

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
              <Link to={user ? ROUTES.create : ROUTES.signup}>
                <PlusCircle />
                {user ? t('explore.createCta') : t('explore.joinCta')}
              </Link>
            </Button>
          </div>
        </div>
        <div className="pointer-events-none absolute -right-16 -top-16 size-64 rounded-full bg-white/10 blur-2xl" />
      </section>

      <section className="grid gap-4" aria-labelledby="explore-heading">
        <div className="flex items-end justify-between gap-2">
          <h2 id="explore-heading" className="text-xl font-semibold">
            {t('explore.newest')}
          </h2>
          {data ? <span className="text-sm text-muted-foreground">{t('explore.count', { count: data.total })}</span> : null}
        </div>

        {isError ? (
          <Alert variant="destructive">
            <AlertCircle />
            <div className="flex flex-1 flex-wrap items-center justify-between gap-2">
              <span>{t('explore.loadFailed')}</span>
              <Button size="sm" variant="outline" onClick={() => void refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          </Alert>
        ) : isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label={t('common.loading')}>
            {Array.from({ length: LOADING_SKELETON_CARDS }, (_, i) => (
              <BotCardSkeleton key={i} />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <Card className="border-dashed">
            <CardContent className="grid place-items-center gap-3 p-10 text-center">
              <Sparkles className="size-10 text-primary" />
              <p className="font-semibold">{t('explore.emptyTitle')}</p>
              <p className="text-sm text-muted-foreground">{t('explore.emptyText')}</p>
              <Button asChild>
                <Link to={ROUTES.create}>{t('explore.createCta')}</Link>
              </Button>
            </CardContent>
          </Card>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={isFetching}>
              {data.items.map((bot) => (
                <BotCard key={bot.id} bot={bot} />
              ))}
            </div>
            {pages > 1 ? (
              <nav className="flex items-center justify-center gap-2" aria-label={t('common.pagination')}>
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                  <ChevronLeft />
                  {t('common.previous')}
                </Button>
                <span className="text-sm text-muted-foreground">{t('common.pageOf', { page, pages })}</span>
                <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                  {t('common.next')}
                  <ChevronRight />
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
