import { numberFormat } from '@/lib/intl';
import { useQuery } from '@tanstack/react-query';
import { Clock, Download, MessageSquare, MessagesSquare, RefreshCw, Star, TrendingDown, TrendingUp, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import { STATISTICS_RANGES, ZBotStatistics, type BotStatistics } from '@app/shared/chats/schemas';
import { ErrorCard } from '@/components/error-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/features/auth/store';
import { api, apiDownload } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import { toast } from 'sonner';
import { chatTrend, hourShade, topEntries } from './trend';
import './texts';

type Range = (typeof STATISTICS_RANGES)[number];
const SHADES = ['bg-muted', 'bg-primary/20', 'bg-primary/40', 'bg-primary/70', 'bg-primary'];

/** The bot statistics widget (§2) on the numbers of GET /api/bots/{id}/statistics; loaded once, cached, Refresh reloads. */
export function BotStatisticsWidget({ botId }: { botId: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>('30d');
  const user = useCurrentUser();
  const stats = useQuery({
    queryKey: ['bots', 'statistics', botId, range, user?.id],
    queryFn: () => api(`/api/bots/${botId}/statistics?range=${range}`, { schema: ZBotStatistics }),
    // Loaded on first view and cached (§2); Refresh reloads. Never asked for once signed out.
    staleTime: Infinity,
    enabled: Boolean(user),
  });
  return (
    <Card data-testid="bot-statistics">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">{t('stats.title')}</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Select value={range} onValueChange={(v) => setRange(v as Range)}>
            <SelectTrigger className="h-8 w-36" aria-label={t('stats.range')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {STATISTICS_RANGES.map((r) => (
                <SelectItem key={r} value={r}>
                  {t(`stats.ranges.${r}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void stats.refetch()}
            disabled={stats.isFetching}
            aria-label={t('stats.refresh')}
          >
            <RefreshCw className={cn(stats.isFetching && 'animate-spin')} />
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              void apiDownload(`/api/bots/${botId}/statistics/export?format=csv&range=${range}`, `bot-statistics-${range}.csv`).catch(
                (err: Error) => toast.error(translateMessage(err.message || BOT_FAILURES.exportStatistics)),
              )
            }
          >
            <Download />
            {t('stats.export')}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {stats.isError ? (
          <ErrorCard message={stats.error.message || BOT_FAILURES.statistics} onRetry={() => void stats.refetch()} />
        ) : stats.isPending ? (
          <div className="grid gap-3" role="status" aria-label={t('common.loading')}>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-20" />
              ))}
            </div>
            <Skeleton className="h-56" />
          </div>
        ) : (
          <StatisticsBody stats={stats.data} />
        )}
      </CardContent>
    </Card>
  );
}

function StatisticsBody({ stats }: { stats: BotStatistics }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const trend = chatTrend(stats.dailyStats);
  const cards = [
    { icon: MessagesSquare, label: t('stats.chats'), value: number.format(stats.totalChats), extra: trend },
    { icon: MessageSquare, label: t('stats.messages'), value: number.format(stats.totalMessages) },
    { icon: Users, label: t('stats.users'), value: number.format(stats.uniqueUsers) },
    { icon: Star, label: t('stats.rating'), value: stats.avgRating?.toFixed(1) ?? '—' },
  ];
  const days = stats.dailyStats.map((d) => ({
    ...d,
    label: new Date(`${d.date}T00:00:00Z`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short' }),
  }));
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {cards.map(({ icon: Icon, label, value, extra }) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <Icon className="size-3.5" aria-hidden="true" />
              {label}
            </dt>
            <dd className="mt-1 flex items-baseline gap-2 text-xl font-semibold">
              {value}
              {extra !== undefined && extra !== null ? (
                <span
                  className={cn('flex items-center text-xs font-medium', extra >= 0 ? 'text-success' : 'text-destructive')}
                  title={t('stats.trend')}
                >
                  {extra >= 0 ? <TrendingUp className="size-3.5" /> : <TrendingDown className="size-3.5" />}
                  {extra > 0 ? '+' : ''}
                  {extra}%
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <Tabs defaultValue="activity">
        <TabsList>
          {(['activity', 'engagement', 'demographics', 'performance'] as const).map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {t(`stats.tabs.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="activity" className="grid gap-4">
          <div className="h-56 w-full" role="img" aria-label={t('stats.perDay')}>
            <ResponsiveContainer>
              <LineChart data={days} margin={{ left: -20, right: 8, top: 8 }}>
                <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                <Tooltip />
                <Line type="monotone" dataKey="chats" name={t('stats.chats')} stroke="var(--color-primary)" strokeWidth={2} dot={false} />
                <Line type="monotone" dataKey="messages" name={t('stats.messages')} stroke="#f472b6" strokeWidth={2} dot={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
          <PeakHours hours={stats.popularHours} />
        </TabsContent>
        <TabsContent value="engagement" className="grid gap-4 md:grid-cols-2">
          <Shares
            title={t('stats.retention')}
            rows={[
              [t('stats.day1'), stats.retention.day1],
              [t('stats.day7'), stats.retention.day7],
              [t('stats.day30'), stats.retention.day30],
            ]}
          />
          <Shares
            title={t('stats.lengths')}
            rows={[
              [t('stats.short'), stats.messageDistribution.short],
              [t('stats.medium'), stats.messageDistribution.medium],
              [t('stats.long'), stats.messageDistribution.long],
            ]}
          />
          <p className="text-sm text-muted-foreground md:col-span-2">
            {t('stats.perChat', { value: stats.avgMessagesPerChat })} · {t('stats.active', { count: stats.activeChats })}
          </p>
        </TabsContent>
        <TabsContent value="demographics" className="grid gap-4 md:grid-cols-3">
          <Counts
            title={t('stats.countries')}
            map={stats.userDemographics.countries}
            label={(k) => (k === 'unknown' ? t('stats.unknown') : k)}
          />
          <Counts
            title={t('stats.languages')}
            map={stats.userDemographics.languages}
            label={(k) => (k === 'unknown' ? t('stats.unknown') : k.toUpperCase())}
          />
          <Counts title={t('stats.devices')} map={stats.userDemographics.devices} percent label={(k) => k} />
        </TabsContent>
        <TabsContent value="performance" className="grid gap-4 md:grid-cols-2">
          <Shares title={t('stats.stars')} rows={stats.ratingSplit.map((v, i) => [`${5 - i} ★`, v] as [string, number])} />
          <div className="grid content-start gap-2 text-sm">
            <p className="flex items-center gap-2">
              <Clock className="size-4 text-muted-foreground" />
              {stats.avgResponseTime === null
                ? t('stats.noReplies')
                : t('stats.responseTime', { ms: number.format(stats.avgResponseTime) })}
            </p>
            <p>{t('stats.errors', { count: stats.errors })}</p>
            <div className="h-32">
              <ResponsiveContainer>
                <BarChart data={days} margin={{ left: -20, right: 8 }}>
                  <XAxis dataKey="label" hide />
                  <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                  <Tooltip />
                  <Bar dataKey="errors" name={t('stats.errorsLabel')} fill="var(--color-destructive)" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function PeakHours({ hours }: { hours: number[] }) {
  const { t } = useTranslation();
  const max = Math.max(...hours, 0);
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{t('stats.peakHours')}</p>
      <div className="grid grid-cols-12 gap-1 sm:grid-cols-24" data-testid="peak-hours">
        {hours.map((value, hour) => (
          <div
            key={hour}
            className={cn('grid h-8 place-items-center rounded text-[10px]', SHADES[hourShade(value, max)])}
            title={`${hour}:00 — ${value}%`}
          >
            {hour}
          </div>
        ))}
      </div>
    </div>
  );
}

function Shares({ title, rows }: { title: string; rows: [string, number][] }) {
  return (
    <div className="grid content-start gap-2">
      <p className="text-sm font-medium">{title}</p>
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-[5rem_1fr_3rem] items-center gap-2 text-sm">
          <span className="text-muted-foreground">{label}</span>
          <span className="h-2 overflow-hidden rounded-full bg-muted">
            <span className="block h-full rounded-full bg-primary" style={{ width: `${Math.min(100, value)}%` }} />
          </span>
          <span className="text-right tabular-nums">{value}%</span>
        </div>
      ))}
    </div>
  );
}

function Counts({
  title,
  map,
  percent,
  label,
}: {
  title: string;
  map: Record<string, number>;
  percent?: boolean;
  label(key: string): string;
}) {
  const { t } = useTranslation();
  const entries = topEntries(map);
  const total = Object.values(map).reduce((a, b) => a + b, 0);
  return (
    <div className="grid content-start gap-2">
      <p className="text-sm font-medium">{title}</p>
      {entries.length === 0 ? <p className="text-sm text-muted-foreground">{t('stats.noData')}</p> : null}
      {entries.map(([key, n]) => (
        <p key={key} className="flex justify-between text-sm">
          <span>{label(key)}</span>
          <span className="tabular-nums text-muted-foreground">{percent ? `${Math.round((n / total) * 100)}%` : n}</span>
        </p>
      ))}
    </div>
  );
}
