import { LineChart as LineChartIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ADMIN_ECONOMY_MESSAGES } from '@app/shared/admin-economy/messages';
import type { EconomyReport } from '@app/shared/admin-economy/schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useEconomyReport } from './economy-api';
import { formatters } from './format';
import { CHART_TOOLTIP_STYLE, ChartFigure, ReportRangeForm, ReportRangeStates, useReportRange } from './report-range';
import './texts';

const PRESETS = [7, 30, 90, 365] as const;

/** Revenue, provider cost and margin over a range of days (GET /api/admin/economy), with daily charts. */
export function EconomyPanel() {
  const { t } = useTranslation();
  const state = useReportRange(ADMIN_ECONOMY_MESSAGES);
  const { range, problem, ready } = state;
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
        <ReportRangeForm idPrefix="economy" texts="adminEconomy.economy" presets={PRESETS} state={state} />
      </CardHeader>
      <CardContent>
        <ReportRangeStates problem={problem} report={report} cardsClassName="grid grid-cols-2 gap-3 md:grid-cols-4" cards={4}>
          {(data, stale) => <EconomyBody report={data} stale={stale} />}
        </ReportRangeStates>
      </CardContent>
    </Card>
  );
}

function EconomyBody({ report, stale }: { report: EconomyReport; stale: boolean }) {
  const { t, i18n } = useTranslation();
  const f = formatters(i18n.language);
  const cards = [
    { id: 'revenue', label: t('adminEconomy.economy.revenue'), value: f.eur(report.revenueEur) },
    { id: 'usage-cost', label: t('adminEconomy.economy.usageCostCard'), value: f.eur(report.usage.costEur) },
    // The margin is on usage: a provider purchase is tokens bought ahead, not a loss (decision 040).
    {
      id: 'margin',
      label: t('adminEconomy.economy.margin'),
      value: f.percent(report.usage.marginPercent),
      tone: report.usage.marginPercent,
    },
    {
      id: 'cost',
      label: t('adminEconomy.economy.cost'),
      value: f.eur(report.costEur),
      note: t('adminEconomy.economy.cashMargin', { margin: f.percent(report.marginPercent) }),
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
        {cards.map(({ id, label, value, tone, note }) => (
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
            {note ? (
              <dd className="mt-1 text-xs text-muted-foreground tabular-nums" data-testid={`economy-${id}-note`}>
                {note}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        {t('adminEconomy.economy.usageNote', {
          tokens: f.number(report.usage.tokens),
          perToken: f.eurPrecise(report.usage.costPerTokenEur),
          cost: f.eur(report.usage.costEur),
        })}{' '}
        {t('adminEconomy.economy.marginNote')}
        {report.convertedFromUsd ? (
          <>
            {' '}
            {t('adminEconomy.economy.convertedNote', {
              eur: f.eur(report.convertedFromUsd.eur),
              rate: f.number(report.convertedFromUsd.eurPerUsd),
            })}
          </>
        ) : null}
      </p>
      {empty ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('adminEconomy.economy.empty')}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartFigure
            caption={t('adminEconomy.economy.revenueChart')}
            label={t('adminEconomy.economy.revenueChartLabel', { from: f.day(report.from), to: f.day(report.to) })}
          >
            <BarChart data={days} margin={{ left: 0, right: 8, top: 8 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
              <YAxis tick={{ fontSize: 11 }} width={48} />
              <Tooltip formatter={money} contentStyle={CHART_TOOLTIP_STYLE} />
              <Bar dataKey="revenueEur" name={t('adminEconomy.economy.revenue')} fill="var(--color-primary)" />
            </BarChart>
          </ChartFigure>
          <ChartFigure
            caption={t('adminEconomy.economy.costChart')}
            label={t('adminEconomy.economy.costChartLabel', { from: f.day(report.from), to: f.day(report.to) })}
          >
            <LineChart data={days} margin={{ left: 0, right: 8, top: 8 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
              <YAxis tick={{ fontSize: 11 }} width={48} />
              <Tooltip formatter={money} contentStyle={CHART_TOOLTIP_STYLE} />
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
          </ChartFigure>
        </div>
      )}
    </div>
  );
}
