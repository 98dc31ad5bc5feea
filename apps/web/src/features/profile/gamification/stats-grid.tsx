import { Bot, Flame, Heart, MessagesSquare, PieChart, Sparkles, Trophy, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TOTAL_ACHIEVEMENTS } from '@app/shared/gamification/profile';
import { ErrorCard } from '@/components/error-card';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { numberFormat } from '@/lib/intl';
import { translateMessage } from '@/lib/messages';
import { useProfileStats } from './api';
import './texts';

interface Stat {
  key: string;
  icon: LucideIcon;
  label: string;
  value: string;
  hint?: string;
}

/** The stats grid of §2.11: eight cards, every number counted by the server. */
export function StatsGrid({ username }: { username: string }) {
  const { t, i18n } = useTranslation();
  const stats = useProfileStats(username);
  if (stats.isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-[84px] rounded-xl" />
        ))}
      </div>
    );
  }
  if (stats.isError) return <ErrorCard message={stats.error.message} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const n = numberFormat(i18n.language);
  const k = (key: string) => t(`profileGamification.stats.${key}`);
  const cards: Stat[] = [
    { key: 'totalChats', icon: MessagesSquare, label: k('totalChats'), value: n.format(s.totalChats) },
    { key: 'botsCreated', icon: Bot, label: k('botsCreated'), value: n.format(s.botsCreated) },
    { key: 'achievements', icon: Trophy, label: k('achievements'), value: n.format(s.achievements) },
    {
      key: 'totalXp',
      icon: Sparkles,
      label: k('totalXp'),
      value: n.format(s.totalXp),
      hint: t('profileGamification.stats.rankLevel', { rank: translateMessage(s.rank.name), level: s.level }),
    },
    { key: 'followers', icon: Users, label: k('followers'), value: n.format(s.followers) },
    { key: 'totalLikes', icon: Heart, label: k('totalLikes'), value: n.format(s.totalLikes) },
    {
      key: 'currentStreak',
      icon: Flame,
      label: k('currentStreak'),
      value: t('profileGamification.stats.streakDays', { count: s.currentStreak }),
    },
    {
      key: 'completion',
      icon: PieChart,
      label: k('completion'),
      value: `${n.format(s.completion)}%`,
      hint: t('profileGamification.stats.completionOf', { unlocked: s.achievements, total: TOTAL_ACHIEVEMENTS }),
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="profile-stats">
      {cards.map(({ key, icon: Icon, label, value, hint }) => (
        <Card key={key} className="min-w-0 p-4" data-stat={key}>
          <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Icon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{label}</span>
          </dt>
          <dd className="mt-1 truncate text-xl font-semibold">{value}</dd>
          {hint ? <dd className="truncate text-xs text-muted-foreground">{hint}</dd> : null}
        </Card>
      ))}
    </dl>
  );
}
