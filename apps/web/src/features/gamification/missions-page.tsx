import { CheckCircle2, Compass, Gift, History, ListChecks, Play, Target } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMissions } from './api';
import { StatCard } from './parts';
import { QuestCard } from './quest-card';
import { groupQuests, QUEST_FILTERS, questStats, type Mission, type QuestTab } from './rules';
import { useGamificationStore } from './store';
import './texts';

/** The clock of the expiry badges: once a minute is enough for 'N hours' and 'Less than 1 hour'. */
function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

const EMPTY: Record<QuestTab, { icon: React.ReactNode; title: string; hint: string }> = {
  active: { icon: <Play />, title: 'gamification.quests.empty.active', hint: 'gamification.quests.empty.activeHint' },
  available: { icon: <Compass />, title: 'gamification.quests.empty.available', hint: 'gamification.quests.empty.availableHint' },
  completed: { icon: <CheckCircle2 />, title: 'gamification.quests.empty.completed', hint: 'gamification.quests.empty.completedHint' },
  history: { icon: <History />, title: 'gamification.quests.empty.history', hint: 'gamification.quests.empty.historyHint' },
};

/** /missions: the quests panel of gamification.md §2.4. */
export function MissionsPage() {
  const { t } = useTranslation();
  const missions = useMissions();
  const { selectedQuestType, setQuestType } = useGamificationStore();
  const now = useNow();
  const [tab, setTab] = useState<QuestTab>('active');

  const header = (toClaim: number) => (
    <header className="flex flex-wrap items-center gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Target className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight">
          {t('gamification.quests.title')}
          {toClaim > 0 ? (
            <Badge variant="premium" className="motion-safe:animate-pulse" data-testid="to-claim">
              {t('gamification.quests.toClaim', { count: toClaim })}
            </Badge>
          ) : null}
        </h1>
        <p className="text-sm text-muted-foreground">{t('gamification.quests.subtitle')}</p>
      </div>
    </header>
  );

  if (missions.isError) {
    return (
      <div className="grid grid-cols-1 gap-5">
        {header(0)}
        <ErrorCard message={missions.error.message} onRetry={() => void missions.refetch()} />
      </div>
    );
  }
  if (missions.isPending) {
    return (
      <div className="grid grid-cols-1 gap-5" aria-busy="true" data-testid="missions-loading">
        {header(0)}
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
        <Skeleton className="h-10 w-80 max-w-full" />
        <div className="grid gap-3 md:grid-cols-2">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      </div>
    );
  }

  const list = missions.data.items;
  const stats = questStats(list);
  const groups = groupQuests(
    list,
    selectedQuestType === 'all' || (QUEST_FILTERS as readonly string[]).includes(selectedQuestType) ? selectedQuestType : 'all',
  );
  const tabs: QuestTab[] = ['active', 'available', 'completed', 'history'];

  const listOf = (which: QuestTab, items: Mission[]) =>
    items.length === 0 ? (
      <EmptyState icon={EMPTY[which].icon} title={t(EMPTY[which].title)} hint={t(EMPTY[which].hint)} testId={`empty-${which}`} />
    ) : (
      <div className="grid gap-3 md:grid-cols-2">
        {items.map((m) => (
          <QuestCard key={m.id} mission={m} now={now} />
        ))}
      </div>
    );

  return (
    <div className="grid grid-cols-1 gap-5">
      {header(stats.completed)}

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard icon={<Play />} label={t('gamification.quests.stats.active')} value={stats.active} testId="stat-active" />
        <StatCard icon={<ListChecks />} label={t('gamification.quests.stats.completed')} value={stats.completed} testId="stat-completed" />
        <StatCard icon={<Gift />} label={t('gamification.quests.stats.claimed')} value={stats.claimed} testId="stat-claimed" />
        <StatCard icon={<Compass />} label={t('gamification.quests.stats.available')} value={stats.available} testId="stat-available" />
      </div>

      <Tabs value={tab} onValueChange={(v) => setTab(v as QuestTab)}>
        <TabsList className="w-full justify-start sm:w-auto">
          {tabs.map((which) => (
            <TabsTrigger key={which} value={which} data-testid={`tab-${which}`}>
              {t(`gamification.quests.tabs.${which}`)}
              <span className="text-xs tabular-nums text-muted-foreground">
                {which === 'available' ? stats.available : groups[which].length}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="active">{listOf('active', groups.active)}</TabsContent>
        <TabsContent value="available" className="grid grid-cols-1 gap-3">
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('gamification.quests.filter')}>
            {QUEST_FILTERS.map((type) => (
              <Button
                key={type}
                size="sm"
                variant={selectedQuestType === type ? 'default' : 'outline'}
                className="rounded-full"
                aria-pressed={selectedQuestType === type}
                onClick={() => setQuestType(type)}
                data-testid={`filter-${type}`}
              >
                {t(`gamification.questTypes.${type}`)}
              </Button>
            ))}
          </div>
          {listOf('available', groups.available)}
        </TabsContent>
        <TabsContent value="completed">{listOf('completed', groups.completed)}</TabsContent>
        <TabsContent value="history">{listOf('history', groups.history)}</TabsContent>
      </Tabs>
    </div>
  );
}
