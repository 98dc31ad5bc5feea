import { AlertCircle, LineChart as LineChartIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ADMIN_ECONOMY_MESSAGES } from '@app/shared/admin-economy/messages';
import { addDays, daysBetween, ECONOMY_DEFAULT_DAYS, ECONOMY_MAX_DAYS, utcToday } from '@app/shared/admin-economy/rules';
import type { EconomyReport } from '@app/shared/admin-economy/schemas';
import { ErrorCard } from '@/components/error-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import { useEconomyReport } from './economy-api';
import { formatters } from './format';
import './texts';

const PRESETS = [7, 30, 90, 365] as const;

/** Revenue, provider cost and margin over a range of days (GET /api/admin/economy), with daily charts. */
export function EconomyPanel() {
  const { t } = useTranslation();
  const today = utcToday();
  const [range, setRange] = useState({ from: addDays(today, -(ECONOMY_DEFAULT_DAYS - 1)), to: today });
  const problem =
    !range.from || !range.to
      ? null
      : range.from > range.to
        ? ADMIN_ECONOMY_MESSAGES.rangeReversed
        : daysBetween(range.from, range.to) > ECONOMY_MAX_DAYS
          ? ADMIN_ECONOMY_MESSAGES.rangeTooLong
          : null;
  const ready = Boolean(range.from && range.to && !problem);
  const report = useEconomyReport(range, ready);

  return (
    <Card data-testid="admin-economy" className="min-w-0">
      <CardHeader className="grid gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <LineChartIcon className="size-5" aria-hidden="true" />
            {t('adminEconomy.economy.title')}
          </CardTitle>
          <CardDescription>{t('adminEconomy.economy.subtitle')}</CardDescription>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="economy-from">{t('adminEconomy.economy.from')}</Label>
            <Input
              id="economy-from"
              type="date"
              className="w-40"
              value={range.from}
              max={range.to}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="economy-to">{t('adminEconomy.economy.to')}</Label>
            <Input
              id="economy-to"
              type="date"
              className="w-40"
              value={range.to}
              min={range.from}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            />
          </div>
          <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('adminEconomy.economy.presets')}>
            {PRESETS.map((days) => {
              const active = range.to === today && range.from === addDays(today, -(days - 1));
              return (
                <Button
                  key={days}
                  size="sm"
                  variant={active ? 'default' : 'outline'}
                  aria-pressed={active}
                  onClick={() => setRange({ from: addDays(today, -(days - 1)), to: today })}
                >
                  {t('adminEconomy.economy.lastDays', { count: days })}
                </Button>
              );
            })}
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {problem ? (
          <Alert variant="destructive">
            <AlertCircle />
            {translateMessage(problem)}
          </Alert>
        ) : report.isError ? (
          <ErrorCard message={report.error.message} onRetry={() => void report.refetch()} />
        ) : report.isPending || !report.data ? (
          <div className="grid gap-3" role="status" aria-label={t('common.loading')}>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-20" />
              ))}
            </div>
            <Skeleton className="h-56" />
          </div>
        ) : (
          <EconomyBody report={report.data} stale={report.isFetching} />
        )}
      </CardContent>
    </Card>
  );
}

function EconomyBody({ report, stale }: { report: EconomyReport; stale: boolean }) {
  const { t, i18n } = useTranslation();
  const f = formatters(i18n.language);
  const cards = [
    { id: 'revenue', label: t('adminEconomy.economy.revenue'), value: f.eur(report.revenueEur) },
    { id: 'cost', label: t('adminEconomy.economy.cost'), value: f.eur(report.costEur) },
    { id: 'margin', label: t('adminEconomy.economy.margin'), value: f.percent(report.marginPercent), tone: report.marginPercent },
    {
      id: 'usage-margin',
      label: t('adminEconomy.economy.usageMargin'),
      value: f.percent(report.usage.marginPercent),
      tone: report.usage.marginPercent,
    },
  ];
  const days = report.days.map((d) => ({
    ...d,
    label: new Date(`${d.date}T00:00:00Z`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  }));
  const empty = report.revenueEur === 0 && report.costEur === 0 && report.usage.costEur === 0;
  const money = (v: unknown) => (typeof v === 'number' ? f.eur(v) : String(v));
  return (
    <div className={cn('grid gap-4 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {cards.map(({ id, label, value, tone }) => (
          <div key={id} className="rounded-lg border p-3" data-testid={`economy-${id}`}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd
              className={cn(
                'mt-1 text-xl font-semibold tabular-nums',
                typeof tone === 'number' && (tone >= 0 ? 'text-success' : 'text-destructive'),
              )}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        {t('adminEconomy.economy.usageNote', {
          tokens: f.number(report.usage.tokens),
          perToken: f.eurPrecise(report.usage.costPerTokenEur),
          cost: f.eur(report.usage.costEur),
        })}{' '}
        {t('adminEconomy.economy.rateNote', { rate: report.eurPerUsd })}
      </p>
      {empty ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('adminEconomy.economy.empty')}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <figure className="grid gap-1">
            <figcaption className="text-sm font-medium">{t('adminEconomy.economy.revenueChart')}</figcaption>
            <div
              className="h-56 w-full"
              role="img"
              aria-label={t('adminEconomy.economy.revenueChartLabel', { from: f.day(report.from), to: f.day(report.to) })}
            >
              <ResponsiveContainer>
                <BarChart data={days} margin={{ left: 0, right: 8, top: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                  <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
                  <YAxis tick={{ fontSize: 11 }} width={48} />
                  <Tooltip formatter={money} contentStyle={{ background: 'var(--color-card)', borderColor: 'var(--color-border)' }} />
                  <Bar dataKey="revenueEur" name={t('adminEconomy.economy.revenue')} fill="var(--color-primary)" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </figure>
          <figure className="grid gap-1">
            <figcaption className="text-sm font-medium">{t('adminEconomy.economy.costChart')}</figcaption>
            <div
              className="h-56 w-full"
              role="img"
              aria-label={t('adminEconomy.economy.costChartLabel', { from: f.day(report.from), to: f.day(report.to) })}
            >
              <ResponsiveContainer>
                <LineChart data={days} margin={{ left: 0, right: 8, top: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                  <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
                  <YAxis tick={{ fontSize: 11 }} width={48} />
                  <Tooltip formatter={money} contentStyle={{ background: 'var(--color-card)', borderColor: 'var(--color-border)' }} />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  <Line
                    type="stepAfter"
                    dataKey="costEur"
                    name={t('adminEconomy.economy.cashCost')}
                    stroke="var(--color-destructive)"
                    strokeWidth={2}
                    dot={false}
                  />
                  <Line
                    type="monotone"
                    dataKey="usageCostEur"
                    name={t('adminEconomy.economy.usageCost')}
                    stroke="#f59e0b"
                    strokeWidth={2}
                    dot={false}
                  />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </figure>
        </div>
      )}
    </div>
  );
}
