import { Check, EyeOff, Loader2, Lock, SearchX, Trophy } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ACHIEVEMENT_CATEGORIES } from '@app/shared/gamification/schemas';
import { EmptyState } from '@/components/empty-state';
import { ErrorCard } from '@/components/error-card';
import { SearchInput } from '@/components/search-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { useAchievements, useClaimAchievement, useUserAchievements } from './api';
import { AchievementIcon, catalogueText, errorText, ProgressBar, RARITY_CLASSES, rewardText } from './parts';
import {
  filterAchievements,
  isClaimable,
  isMasked,
  overallProgress,
  unclaimedCount,
  withProgress,
  type AchievementCategory,
  type AchievementView,
} from './rules';
import { useGamificationStore } from './store';
import './texts';

/** /achievements: the achievements grid of gamification.md §2.2. */
export function AchievementsPage() {
  const { t } = useTranslation();
  const catalogue = useAchievements();
  const mine = useUserAchievements();
  const { selectedCategory, showHidden, setCategory, setShowHidden } = useGamificationStore();
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);

  const all = useMemo(
    () => (catalogue.data && mine.data ? withProgress(catalogue.data.items, mine.data.items) : []),
    [catalogue.data, mine.data],
  );
  const shown = useMemo(
    () => filterAchievements(all, { search, category: selectedCategory, showHidden }),
    [all, search, selectedCategory, showHidden],
  );
  const unclaimed = mine.data ? unclaimedCount(mine.data.items) : 0;
  const overall = overallProgress(all, showHidden);
  const open = all.find((a) => a.id === openId) ?? null;

  const header = (
    <header className="flex flex-wrap items-center gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Trophy className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight">
          {t('gamification.achievements.title')}
          {unclaimed > 0 ? (
            <Badge variant="premium" data-testid="unclaimed-badge">
              {t('gamification.achievements.unclaimed', { count: unclaimed })}
            </Badge>
          ) : null}
        </h1>
        <p className="text-sm text-muted-foreground">{t('gamification.achievements.subtitle')}</p>
      </div>
    </header>
  );

  if (catalogue.isError || mine.isError) {
    return (
      <div className="grid grid-cols-1 gap-5">
        {header}
        <ErrorCard
          message={(catalogue.error ?? mine.error)?.message ?? t('gamification.loadFailed')}
          onRetry={() => {
            void catalogue.refetch();
            void mine.refetch();
          }}
        />
      </div>
    );
  }

  const loading = catalogue.isPending || mine.isPending;

  return (
    <div className="grid grid-cols-1 gap-5">
      {header}

      <div className="grid gap-3 md:grid-cols-[1fr_14rem_auto] md:items-center">
        <SearchInput
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('gamification.achievements.search')}
          data-testid="achievement-search"
        />
        <Select value={selectedCategory} onValueChange={(v) => setCategory(v as 'all' | AchievementCategory)}>
          <SelectTrigger aria-label={t('gamification.achievements.category')} data-testid="achievement-category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(['all', ...ACHIEVEMENT_CATEGORIES] as const).map((c) => (
              <SelectItem key={c} value={c}>
                {t(`gamification.categories.${c}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Tooltip content={t('gamification.achievements.toggleHidden')}>
          <div className="flex items-center gap-2">
            <Switch
              id="show-hidden"
              checked={showHidden}
              onCheckedChange={setShowHidden}
              aria-describedby="show-hidden-hint"
              data-testid="show-hidden"
            />
            <Label htmlFor="show-hidden" className="flex items-center gap-1.5 whitespace-nowrap">
              <EyeOff className="size-4" aria-hidden />
              {t('gamification.achievements.showHidden')}
            </Label>
            <span id="show-hidden-hint" className="sr-only">
              {t('gamification.achievements.toggleHidden')}
            </span>
          </div>
        </Tooltip>
      </div>

      <Card>
        <CardContent className="grid gap-2 p-5">
          {loading ? (
            <Skeleton className="h-10" />
          ) : (
            <>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="whitespace-nowrap font-medium">{t('gamification.achievements.overall')}</p>
                <p className="text-sm text-muted-foreground" data-testid="overall-progress">
                  {t('gamification.achievements.overallCount', { done: overall.done, total: overall.total })}
                  {overall.hidden > 0 ? t('gamification.achievements.overallHidden', { count: overall.hidden }) : ''} · {overall.percent}%
                </p>
              </div>
              <ProgressBar value={overall.percent} label={t('gamification.achievements.overall')} />
            </>
          )}
        </CardContent>
      </Card>

      {loading ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" data-testid="achievements-loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : selectedCategory === 'all' ? (
        <Tabs defaultValue={ACHIEVEMENT_CATEGORIES[0]}>
          <TabsList className="w-full justify-start">
            {ACHIEVEMENT_CATEGORIES.map((c) => (
              <TabsTrigger key={c} value={c}>
                {t(`gamification.categories.${c}`)}
                <span className="text-xs tabular-nums text-muted-foreground">{shown.filter((a) => a.category === c).length}</span>
              </TabsTrigger>
            ))}
          </TabsList>
          {ACHIEVEMENT_CATEGORIES.map((c) => (
            <TabsContent key={c} value={c}>
              <Grid list={shown.filter((a) => a.category === c)} searching={search.trim() !== ''} onOpen={setOpenId} />
            </TabsContent>
          ))}
        </Tabs>
      ) : (
        <Grid list={shown} searching={search.trim() !== ''} onOpen={setOpenId} />
      )}

      <AchievementDialog achievement={open} onClose={() => setOpenId(null)} />
    </div>
  );
}

function Grid({ list, searching, onOpen }: { list: AchievementView[]; searching: boolean; onOpen(id: string): void }) {
  const { t } = useTranslation();
  if (list.length === 0) {
    return searching ? (
      <EmptyState
        icon={<SearchX />}
        title={t('gamification.achievements.noMatch')}
        hint={t('gamification.achievements.noMatchHint')}
        testId="achievements-empty"
      />
    ) : (
      <EmptyState
        icon={<EyeOff />}
        title={t('gamification.achievements.allHidden')}
        hint={t('gamification.achievements.allHiddenHint')}
        testId="achievements-empty"
      />
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="achievement-grid">
      {list.map((a) => (
        <li key={a.id}>
          <AchievementCard achievement={a} onOpen={() => onOpen(a.id)} />
        </li>
      ))}
    </ul>
  );
}

function AchievementCard({ achievement: a, onOpen }: { achievement: AchievementView; onOpen(): void }) {
  const { t } = useTranslation();
  const masked = isMasked(a);
  const name = masked ? t('gamification.achievements.hiddenName') : catalogueText(a.name);
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="achievement-card"
      data-id={a.id}
      className={cn(
        'flex h-full w-full gap-3 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40',
        isClaimable(a) && 'border-amber-400/70 dark:border-amber-500/60',
        !a.completed && 'opacity-90',
      )}
    >
      <span
        className={cn(
          'flex size-12 shrink-0 items-center justify-center rounded-xl [&_svg]:size-6',
          a.completed ? 'bg-primary/15 text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        {masked ? <Lock aria-hidden /> : <AchievementIcon name={a.icon} />}
      </span>
      <span className="grid min-w-0 flex-1 gap-1.5">
        <span className="flex items-start justify-between gap-2">
          <span className="font-semibold leading-tight">{name}</span>
          {a.claimed ? (
            <span
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-success/15 text-success"
              data-testid="claimed-check"
            >
              <Check className="size-4" role="img" aria-label={t('gamification.claimed')} />
            </span>
          ) : null}
        </span>
        <span className="text-sm text-muted-foreground">
          {masked ? t('gamification.achievements.hiddenDescription') : catalogueText(a.description)}
        </span>
        {!a.completed && a.progress > 0 ? (
          <span className="flex items-center gap-2">
            <ProgressBar value={a.progress} label={t('gamification.achievements.progress')} className="h-1.5" />
            <span className="text-xs tabular-nums text-muted-foreground">{a.progress}%</span>
          </span>
        ) : null}
        <span className="flex flex-wrap items-center gap-1.5">
          <Badge variant="outline" className={RARITY_CLASSES[a.rarity]}>
            {t(`gamification.rarities.${a.rarity}`)}
          </Badge>
          <Badge variant="secondary">{t('gamification.pts', { count: a.points })}</Badge>
          {isClaimable(a) ? (
            <Badge variant="premium" className="motion-safe:animate-pulse" data-testid="claim-badge">
              {t('gamification.claimReward')}
            </Badge>
          ) : null}
        </span>
      </span>
    </button>
  );
}

function AchievementDialog({ achievement: a, onClose }: { achievement: AchievementView | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const claim = useClaimAchievement();
  const masked = a ? isMasked(a) : false;
  return (
    <Dialog
      open={a !== null}
      onOpenChange={(open) => {
        if (!open) {
          claim.reset();
          onClose();
        }
      }}
    >
      {a ? (
        <DialogContent data-testid="achievement-dialog">
          <DialogHeader>
            <div className="flex items-center gap-3">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary [&_svg]:size-6">
                {masked ? <Lock aria-hidden /> : <AchievementIcon name={a.icon} />}
              </span>
              <div className="grid gap-1">
                <DialogTitle>{masked ? t('gamification.achievements.hiddenName') : catalogueText(a.name)}</DialogTitle>
                <span className="flex flex-wrap gap-1.5">
                  <Badge variant="outline" className={RARITY_CLASSES[a.rarity]}>
                    {t(`gamification.rarities.${a.rarity}`)}
                  </Badge>
                  <Badge variant="secondary">{t('gamification.pts', { count: a.points })}</Badge>
                </span>
              </div>
            </div>
            <DialogDescription>
              {masked ? t('gamification.achievements.hiddenDescription') : catalogueText(a.description)}
            </DialogDescription>
          </DialogHeader>

          <p className="text-xs text-muted-foreground">
            {t('gamification.achievements.unlockedShare', { share: new Intl.NumberFormat(i18n.language).format(a.unlockedShare) })}
          </p>

          <section className="grid gap-1.5">
            <h4 className="text-sm font-semibold">{t('gamification.achievements.requirements')}</h4>
            {a.requirements.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('gamification.achievements.hiddenRequirements')}</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {a.requirements.map((r) => (
                  <li key={r.type} className="flex justify-between gap-3 rounded-md bg-muted/60 px-3 py-1.5">
                    <span>{t(`gamification.requirementTypes.${r.type}`, { defaultValue: r.type })}</span>
                    <span className="font-medium tabular-nums">{new Intl.NumberFormat(i18n.language).format(r.value)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="grid gap-1.5">
            <h4 className="text-sm font-semibold">{t('gamification.achievements.rewards')}</h4>
            <ul className="grid gap-1 text-sm">
              {a.rewards.map((r) => (
                <li key={r.type} className="flex justify-between gap-3 rounded-md bg-muted/60 px-3 py-1.5">
                  <span>{t(`gamification.rewardTypes.${r.type}`)}</span>
                  <span className="font-medium">{rewardText(t, i18n.language, r)}</span>
                </li>
              ))}
            </ul>
          </section>

          {!a.completed ? (
            <section className="grid gap-1.5">
              <div className="flex justify-between text-sm">
                <span className="font-semibold">{t('gamification.achievements.progress')}</span>
                <span className="tabular-nums text-muted-foreground">{a.progress}%</span>
              </div>
              <ProgressBar value={a.progress} label={t('gamification.achievements.progress')} />
            </section>
          ) : null}

          {claim.isError ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {errorText(t, claim.error)}
            </p>
          ) : null}

          <div className="flex flex-wrap items-center justify-end gap-3">
            {a.claimed && a.claimedAt ? (
              <span className="text-xs text-muted-foreground">
                {t('gamification.achievements.claimedOn', {
                  date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(a.claimedAt)),
                })}
              </span>
            ) : null}
            {isClaimable(a) ? (
              <Button
                disabled={claim.isPending}
                data-testid="claim-achievement"
                onClick={() =>
                  claim.mutate(a.id, {
                    onSuccess: () =>
                      toast.success(t('gamification.achievements.claimedToast', { name: catalogueText(a.name) }), { duration: 5000 }),
                  })
                }
              >
                {claim.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                {claim.isPending ? t('gamification.claiming') : t('gamification.claimReward')}
              </Button>
            ) : a.claimed ? (
              <Badge variant="success" className="px-3 py-1 text-sm" data-testid="claimed-badge">
                <Check aria-hidden />
                {t('gamification.achievements.claimed')}
              </Badge>
            ) : null}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
