import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ADMIN_MESSAGES } from '@app/shared/admin/messages';
import type { AdminAnalytics } from '@app/shared/admin/schemas';
import { ROUTES } from '@app/shared/app/routes';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useAdminAnalytics } from './console-api';
import { formatters } from './format';
import { CHART_TOOLTIP_STYLE, ChartFigure, ReportRangeForm, ReportRangeStates, useReportRange } from './report-range';
import './texts';

const PRESETS = [7, 30, 90] as const;

/** Platform-wide bot analytics (GET /api/admin/bots/analytics): totals, daily charts over UTC days, top bots. */
export function AnalyticsPanel() {
  const { t } = useTranslation();
  const state = useReportRange(ADMIN_MESSAGES);
  const { range, problem, ready } = state;
  const report = useAdminAnalytics(range, ready);

  return (
    <Card className="min-w-0" data-testid="admin-analytics">
      <CardHeader className="grid gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <BarChart3 className="size-5" aria-hidden="true" />
            {t('console.analytics.title')}
          </CardTitle>
          <CardDescription>{t('console.analytics.subtitle')}</CardDescription>
        </div>
        <ReportRangeForm idPrefix="analytics" texts="console.analytics" presets={PRESETS} state={state} />
      </CardHeader>
      <CardContent>
        <ReportRangeStates
          problem={problem}
          report={report}
          cardsClassName="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6"
          cards={6}
        >
          {(data, stale) => <AnalyticsBody report={data} stale={stale} />}
        </ReportRangeStates>
      </CardContent>
    </Card>
  );
}

function AnalyticsBody({ report, stale }: { report: AdminAnalytics; stale: boolean }) {
  const { t, i18n } = useTranslation();
  const f = formatters(i18n.language);
  const cards = [
    {
      id: 'users',
      label: t('console.analytics.users'),
      value: report.totals.users,
      hint: t('console.analytics.inRange', { count: report.range.newUsers }),
    },
    { id: 'banned', label: t('console.analytics.banned'), value: report.totals.bannedUsers },
    {
      id: 'bots',
      label: t('console.analytics.bots'),
      value: report.totals.bots,
      hint: t('console.analytics.inRange', { count: report.range.newBots }),
    },
    { id: 'public', label: t('console.analytics.publicBots'), value: report.totals.publicBots },
    {
      id: 'chats',
      label: t('console.analytics.chats'),
      value: report.totals.chats,
      hint: t('console.analytics.inRange', { count: report.range.chats }),
    },
    {
      id: 'messages',
      label: t('console.analytics.messages'),
      value: report.totals.messages,
      hint: t('console.analytics.inRange', { count: report.range.messages }),
    },
  ];
  const days = report.days.map((d) => ({
    ...d,
    label: new Date(`${d.date}T00:00:00Z`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  }));
  const quiet = report.days.every((d) => d.chats === 0 && d.messages === 0 && d.newUsers === 0 && d.newBots === 0);
  return (
    <div className={cn('grid gap-4 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        {cards.map(({ id, label, value, hint }) => (
          <div key={id} className="rounded-lg border p-3" data-testid={`analytics-${id}`}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{f.number(value)}</dd>
            {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">{t('console.analytics.utcNote')}</p>
      {quiet ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('console.analytics.empty')}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartFigure
            caption={t('console.analytics.activityChart')}
            label={t('console.analytics.activityChartLabel', { from: f.day(report.from), to: f.day(report.to) })}
          >
            <LineChart data={days} margin={{ left: 0, right: 8, top: 8 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
              <YAxis tick={{ fontSize: 11 }} width={40} allowDecimals={false} />
              <Tooltip contentStyle={CHART_TOOLTIP_STYLE} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Line
                type="monotone"
                dataKey="messages"
                name={t('console.analytics.messages')}
                stroke="var(--color-primary)"
                strokeWidth={2}
                dot={false}
              />
              <Line type="monotone" dataKey="chats" name={t('console.analytics.chats')} stroke="#f59e0b" strokeWidth={2} dot={false} />
              <Line
                type="monotone"
                dataKey="activeUsers"
                name={t('console.analytics.activeUsers')}
                stroke="#10b981"
                strokeWidth={2}
                dot={false}
              />
            </LineChart>
          </ChartFigure>
          <ChartFigure
            caption={t('console.analytics.growthChart')}
            label={t('console.analytics.growthChartLabel', { from: f.day(report.from), to: f.day(report.to) })}
          >
            <BarChart data={days} margin={{ left: 0, right: 8, top: 8 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
              <YAxis tick={{ fontSize: 11 }} width={40} allowDecimals={false} />
              <Tooltip contentStyle={CHART_TOOLTIP_STYLE} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="newUsers" name={t('console.analytics.newUsers')} fill="var(--color-primary)" />
              <Bar dataKey="newBots" name={t('console.analytics.newBots')} fill="#f59e0b" />
            </BarChart>
          </ChartFigure>
        </div>
      )}
      <section className="grid gap-2">
        <h3 className="text-sm font-medium">{t('console.analytics.topBots')}</h3>
        {report.topBots.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('console.analytics.noBots')}</p>
        ) : (
          <ol className="divide-y rounded-lg border">
            {report.topBots.map((b, i) => (
              <li key={b.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <span className="w-5 text-muted-foreground tabular-nums">{i + 1}</span>
                <Link to={ROUTES.bot(b.id)} className="min-w-0 flex-[1_1_10rem] truncate font-medium hover:underline">
                  {b.name}
                </Link>
                {b.visibility === 'public' ? null : <Badge variant="outline">{t(`console.analytics.visibility.${b.visibility}`)}</Badge>}
                <span className="text-xs text-muted-foreground">@{b.owner.username}</span>
                <span className="tabular-nums">{t('console.analytics.chatsInRange', { count: b.chatsInRange })}</span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {t('console.analytics.allTime', { chats: f.number(b.totalChats), messages: f.number(b.totalMessages) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
