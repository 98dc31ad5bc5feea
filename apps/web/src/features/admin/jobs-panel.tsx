import { RefreshCw, RotateCcw, Workflow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { translateMessage } from '@/lib/messages';
import { useJobs, useRetryJob } from './console-api';
import './texts';

/** The job queue: depth per kind, the latest failures with their error, and a retry. */
export function JobsPanel() {
  const { t, i18n } = useTranslation();
  const jobs = useJobs();
  const retry = useRetryJob();
  const columns = ['queued', 'scheduled', 'running', 'failed', 'doneLastDay'] as const;

  return (
    <Card className="min-w-0" data-testid="admin-jobs">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <Workflow className="size-5" aria-hidden="true" />
            {t('console.jobs.title')}
          </CardTitle>
          <CardDescription>{t('console.jobs.subtitle')}</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={() => void jobs.refetch()} disabled={jobs.isFetching}>
          <RefreshCw className={jobs.isFetching ? 'animate-spin' : undefined} />
          {t('console.jobs.refresh')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        {jobs.isError ? (
          <ErrorCard message={jobs.error.message} onRetry={() => void jobs.refetch()} />
        ) : jobs.isPending ? (
          <div className="grid gap-2" role="status" aria-label={t('common.loading')}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : (
          <>
            {jobs.data.kinds.length === 0 ? (
              <p className="py-4 text-center text-sm text-muted-foreground">{t('console.jobs.empty')}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full min-w-[32rem] text-sm">
                  <thead>
                    <tr className="border-b text-left text-xs text-muted-foreground">
                      <th scope="col" className="py-2 pr-3 font-medium">
                        {t('console.jobs.kind')}
                      </th>
                      {columns.map((c) => (
                        <th key={c} scope="col" className="px-2 py-2 text-right font-medium">
                          {t(`console.jobs.columns.${c}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {jobs.data.kinds.map((k) => (
                      <tr key={k.kind} className="border-b last:border-0">
                        <th scope="row" className="py-2 pr-3 text-left font-mono text-xs font-normal">
                          {k.kind}
                        </th>
                        {columns.map((c) => (
                          <td
                            key={c}
                            className={`px-2 py-2 text-right tabular-nums ${c === 'failed' && k[c] > 0 ? 'text-destructive' : ''}`}
                          >
                            {k[c]}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <section className="grid gap-2">
              <h3 className="text-sm font-medium">{t('console.jobs.failures')}</h3>
              {jobs.data.failed.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('console.jobs.noFailures')}</p>
              ) : (
                <ul className="divide-y rounded-lg border" data-testid="failed-jobs">
                  {jobs.data.failed.map((j) => (
                    <li key={j.id} className="grid gap-1 px-3 py-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge variant="destructive" className="font-mono">
                          {j.kind}
                        </Badge>
                        <span className="text-xs text-muted-foreground">
                          {t('console.jobs.attempts', { attempts: j.attempts, max: j.maxAttempts })}
                          {j.finishedAt ? ` · ${new Date(j.finishedAt).toLocaleString(i18n.language)}` : ''}
                        </span>
                        <Button
                          size="sm"
                          variant="outline"
                          className="ml-auto"
                          disabled={retry.isPending}
                          aria-label={t('console.jobs.retryLabel', { kind: j.kind })}
                          onClick={() =>
                            retry.mutate(j.id, {
                              onSuccess: () => toast.success(t('console.jobs.retried')),
                              onError: (err) => toast.error(translateMessage(err.message)),
                            })
                          }
                        >
                          <RotateCcw />
                          {t('console.jobs.retry')}
                        </Button>
                      </div>
                      {j.lastError ? <p className="break-words font-mono text-xs text-muted-foreground">{j.lastError}</p> : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
