import { Gem, Star, Trophy } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/error-card';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { numberFormat } from '@/lib/intl';
import { AchievementCard, RARITY_CLASSES } from './achievement-card';
import {
  ACHIEVEMENT_FILTERS,
  ACHIEVEMENT_SORTS,
  entriesOf,
  filterEntries,
  sortEntries,
  summaryOf,
  type AchievementFilter,
  type AchievementSort,
} from './achievement-view';
import { useProfileAchievements } from './api';
import './texts';

type Variant = 'full' | 'compact' | 'featured';

/**
 * The profile's achievements (§2.11) in three variants: featured (the three the server features),
 * compact (the unlocked ones, small) and full (every achievement, with filter, sort and summary).
 */
export function ProfileAchievements({ username, variant = 'full' }: { username: string; variant?: Variant }) {
  const { t } = useTranslation();
  const achievements = useProfileAchievements(username);
  const entries = useMemo(() => entriesOf(achievements.data?.items ?? []), [achievements.data]);
  if (achievements.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-3" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-20 rounded-xl" />
        ))}
      </div>
    );
  }
  if (achievements.isError) return <ErrorCard message={achievements.error.message} onRetry={() => void achievements.refetch()} />;
  if (variant === 'full') return <FullAchievements entries={entries} />;
  const shown = variant === 'featured' ? entries.filter((e) => e.featured) : sortEntries(filterEntries(entries, 'unlocked'), 'recent');
  return (
    <section className="grid gap-3" aria-labelledby={`achievements-${variant}`}>
      <h2 id={`achievements-${variant}`} className="text-lg font-semibold">
        {t(variant === 'featured' ? 'profileGamification.achievements.featured' : 'profileGamification.achievements.title')}
      </h2>
      {shown.length === 0 ? (
        <EmptyAchievements />
      ) : (
        <div
          className={variant === 'featured' ? 'grid gap-3 sm:grid-cols-3' : 'grid gap-2 sm:grid-cols-2 lg:grid-cols-3'}
          data-testid={`achievements-${variant}`}
        >
          {shown.map((entry) => (
            <AchievementCard key={entry.id} entry={entry} compact={variant === 'compact'} />
          ))}
        </div>
      )}
    </section>
  );
}

function EmptyAchievements() {
  const { t } = useTranslation();
  return (
    <Card className="border-dashed">
      <CardContent className="grid place-items-center gap-2 p-8 text-center">
        <Trophy className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">{t('profileGamification.achievements.noneFeatured')}</p>
      </CardContent>
    </Card>
  );
}

function FullAchievements({ entries }: { entries: ReturnType<typeof entriesOf> }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<AchievementFilter>('all');
  const [sort, setSort] = useState<AchievementSort>('recent');
  const summary = summaryOf(entries);
  const shown = sortEntries(filterEntries(entries, filter), sort);
  const n = numberFormat(i18n.language);
  const k = (key: string) => t(`profileGamification.achievements.${key}`);
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <SummaryCard icon={Trophy} label={k('totalUnlocked')} value={`${n.format(summary.unlocked)} / ${n.format(summary.total)}`} />
        <SummaryCard icon={Star} label={k('totalPoints')} value={n.format(summary.points)} />
        <Card className="p-4">
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Gem className="size-3.5" aria-hidden="true" />
            {k('rarityDistribution')}
          </p>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {(['legendary', 'epic', 'rare'] as const).map((rarity) => (
              <li key={rarity} className={`rounded-full px-2 py-0.5 text-xs font-semibold ${RARITY_CLASSES[rarity]}`}>
                {t(`profileGamification.achievements.rarities.${rarity}`)}: {n.format(summary.rarity[rarity])}
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <div className="flex flex-wrap gap-3">
        <Select value={filter} onValueChange={(v) => setFilter(v as AchievementFilter)}>
          <SelectTrigger className="w-40" aria-label={k('filter')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ACHIEVEMENT_FILTERS.map((f) => (
              <SelectItem key={f} value={f}>
                {t(`profileGamification.achievements.filters.${f}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={sort} onValueChange={(v) => setSort(v as AchievementSort)}>
          <SelectTrigger className="w-40" aria-label={k('sort')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ACHIEVEMENT_SORTS.map((s) => (
              <SelectItem key={s} value={s}>
                {t(`profileGamification.achievements.sorts.${s}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {shown.length === 0 ? (
        <p className="p-6 text-center text-sm text-muted-foreground">{k('empty')}</p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2" data-testid="achievements-full">
          {shown.map((entry) => (
            <AchievementCard key={entry.id} entry={entry} />
          ))}
        </div>
      )}
    </div>
  );
}

function SummaryCard({ icon: Icon, label, value }: { icon: typeof Trophy; label: string; value: string }) {
  return (
    <Card className="p-4">
      <CardHeader className="p-0">
        <CardTitle className="flex items-center gap-1.5 text-xs font-normal text-muted-foreground">
          <Icon className="size-3.5" aria-hidden="true" />
          {label}
        </CardTitle>
      </CardHeader>
      <p className="mt-1 text-xl font-semibold">{value}</p>
    </Card>
  );
}
