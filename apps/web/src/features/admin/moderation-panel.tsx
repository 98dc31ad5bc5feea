import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Check, EyeOff, Flag, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useModerationRequests } from '@/features/bots/api';
import { api } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { toast } from 'sonner';
import './texts';

/**
 * Reports and review requests of bots, newest first, with the admin's decision (approve, reject or
 * dismiss, hide the bot). A request is decided once; the bot's creator is told the outcome.
 */
export function ModerationPanel() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const requests = useModerationRequests(page);
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: ({ id, status, hideBot }: { id: string; status: 'approved' | 'rejected'; hideBot?: boolean }) =>
      api(`/api/bots/moderation-requests/${id}`, { method: 'PATCH', body: { status, hideBot: hideBot ?? false } }),
    onSuccess: () => {
      toast.success(t('moderation.saved'));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bots'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
    onError: (err) => toast.error(translateMessage(err.message)),
  });
  const pages = requests.data ? Math.max(1, Math.ceil(requests.data.total / requests.data.limit)) : 1;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Flag className="size-5" />
          {t('moderation.title')}
        </CardTitle>
        <CardDescription>
          {requests.data ? t('moderation.count', { count: requests.data.total }) : t('moderation.subtitle')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {requests.isError ? (
          <Alert variant="destructive">
            <AlertCircle />
            <div className="flex flex-1 flex-wrap items-center justify-between gap-2">
              <span>{t('moderation.loadFailed')}</span>
              <Button size="sm" variant="outline" onClick={() => void requests.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          </Alert>
        ) : requests.isPending ? (
          <div className="grid gap-2" role="status" aria-label={t('common.loading')}>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : requests.data.items.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{t('moderation.empty')}</p>
        ) : (
          <ul className="divide-y" data-testid="moderation-requests">
            {requests.data.items.map((r) => (
              <li key={r.id} className="grid gap-2 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={r.type === 'report' ? 'destructive' : 'secondary'}>
                    {t(`moderation.types.${r.type}`, { defaultValue: r.type })}
                  </Badge>
                  {r.reason ? <Badge variant="outline">{t(`moderation.reasons.${r.reason}`, { defaultValue: r.reason })}</Badge> : null}
                  <Link to={ROUTES.bot(r.bot.id)} className="font-medium hover:underline">
                    {r.bot.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {t('moderation.by', { name: r.reporter.displayName })} · {new Date(r.createdAt).toLocaleString(i18n.language)}
                  </span>
                  <Badge
                    variant={r.status === 'pending' ? 'outline' : r.status === 'approved' ? 'success' : 'secondary'}
                    className="ml-auto"
                  >
                    {t(`moderation.status.${r.status}`)}
                  </Badge>
                </div>
                {r.description ? <p className="whitespace-pre-wrap text-sm text-muted-foreground">{r.description}</p> : null}
                {r.status === 'pending' ? (
                  <div className="flex flex-wrap gap-2">
                    {r.type === 'report' ? null : (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ id: r.id, status: 'approved' })}
                      >
                        <Check />
                        {t('moderation.approve')}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ id: r.id, status: 'rejected' })}
                    >
                      <X />
                      {r.type === 'report' ? t('console.moderation.dismiss') : t('moderation.reject')}
                    </Button>
                    {r.type === 'report' && r.bot.visibility !== 'private' ? (
                      <Button
                        size="sm"
                        variant="destructive"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ id: r.id, status: 'approved', hideBot: true })}
                      >
                        <EyeOff />
                        {t('moderation.hide')}
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <div className="mt-3 flex items-center justify-end gap-2 text-sm">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('common.previous')}
            </Button>
            <span>{t('common.pageOf', { page, pages })}</span>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('common.next')}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
