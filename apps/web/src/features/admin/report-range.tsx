import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveContainer } from 'recharts';
import { addDays, daysBetween, ECONOMY_DEFAULT_DAYS, ECONOMY_MAX_DAYS, utcToday } from '@app/shared/admin-economy/rules';
import { ErrorCard } from '@/components/error-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { translateMessage } from '@/lib/messages';

export interface ReportRange {
  from: string;
  to: string;
}

/**
 * The range of UTC days an admin report covers (the last ECONOMY_DEFAULT_DAYS at first), and what
 * is wrong with it before the server is asked: `problem` is one of the area's messages, `ready`
 * says the report may be read.
 */
export function useReportRange(messages: { rangeReversed: string; rangeTooLong: string }) {
  const today = utcToday();
  const [range, setRange] = useState<ReportRange>({ from: addDays(today, -(ECONOMY_DEFAULT_DAYS - 1)), to: today });
  const problem =
    !range.from || !range.to
      ? null
      : range.from > range.to
        ? messages.rangeReversed
        : daysBetween(range.from, range.to) > ECONOMY_MAX_DAYS
          ? messages.rangeTooLong
          : null;
  return { today, range, setRange, problem, ready: Boolean(range.from && range.to && !problem) };
}

/** The range's two date fields and its "last N days" presets. `texts` is the area's key prefix (from, to, presets, lastDays). */
export function ReportRangeForm({
  idPrefix,
  texts,
  presets,
  state: { today, range, setRange },
}: {
  idPrefix: string;
  texts: string;
  presets: readonly number[];
  state: ReturnType<typeof useReportRange>;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-from`}>{t(`${texts}.from`)}</Label>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          className="w-40"
          value={range.from}
          max={range.to}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-to`}>{t(`${texts}.to`)}</Label>
        <Input
          id={`${idPrefix}-to`}
          type="date"
          className="w-40"
          value={range.to}
          min={range.from}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
        />
      </div>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={t(`${texts}.presets`)}>
        {presets.map((days) => {
          const active = range.to === today && range.from === addDays(today, -(days - 1));
          return (
            <Button
              key={days}
              size="sm"
              variant={active ? 'default' : 'outline'}
              aria-pressed={active}
              onClick={() => setRange({ from: addDays(today, -(days - 1)), to: today })}
            >
              {t(`${texts}.lastDays`, { count: days })}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

/** A report's body: the range's problem, the failed read with Try again, the skeleton of its cards and chart, or the report. */
export function ReportRangeStates<T>({
  problem,
  report,
  cardsClassName,
  cards,
  children,
}: {
  problem: string | null;
  report: UseQueryResult<T>;
  cardsClassName: string;
  cards: number;
  children(data: T, stale: boolean): ReactNode;
}) {
  const { t } = useTranslation();
  if (problem)
    return (
      <Alert variant="destructive">
        <AlertCircle />
        {translateMessage(problem)}
      </Alert>
    );
  if (report.isError) return <ErrorCard message={report.error.message} onRetry={() => void report.refetch()} />;
  if (report.isPending || !report.data)
    return (
      <div className="grid gap-3" role="status" aria-label={t('common.loading')}>
        <div className={cardsClassName}>
          {Array.from({ length: cards }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
        <Skeleton className="h-56" />
      </div>
    );
  return children(report.data, report.isFetching);
}

/** The tooltip of a report's chart, in the theme's card colours. */
export const CHART_TOOLTIP_STYLE = { background: 'var(--color-card)', borderColor: 'var(--color-border)' };

/**
 * One chart of a report: its caption, and the chart sized to its box and named for screen
 * readers by `label` (a chart is an image to them).
 */
export function ChartFigure({ caption, label, children }: { caption: string; label: string; children: ReactElement }) {
  return (
    <figure className="grid gap-1">
      <figcaption className="text-sm font-medium">{caption}</figcaption>
      <div className="h-56 w-full" role="img" aria-label={label}>
        <ResponsiveContainer>{children}</ResponsiveContainer>
      </div>
    </figure>
  );
}
