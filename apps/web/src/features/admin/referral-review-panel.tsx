import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Check, Gift, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import { ZAdminReferral, ZAdminReferralPage } from '@app/shared/referrals/schemas';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api-client';
import './texts';

const PAGE_SIZE = 10;

/** Referrals the fraud rules flagged (issue 16), newest first, with the admin's decision: approve (rewards paid) or reject. */
export function ReferralReviewPanel() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const flagged = useQuery({
    queryKey: ['admin', 'referrals', 'flagged', page],
    queryFn: () => api(`/api/admin/referrals?status=flagged&page=${page}&limit=${PAGE_SIZE}`, { schema: ZAdminReferralPage }),
    placeholderData: (previous) => previous,
  });
  const decide = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'approve' | 'reject' }) =>
      api(`/api/admin/referrals/${id}/${action}`, { method: 'POST', schema: ZAdminReferral }),
    onSuccess: (_data, { action }) => {
      toast.success(t(action === 'approve' ? 'referralReview.approved' : 'referralReview.rejected'));
      return queryClient.invalidateQueries({ queryKey: ['admin', 'referrals'] });
    },
    onError: (err) => toast.error(err.message),
  });
  const pages = flagged.data ? Math.max(1, Math.ceil(flagged.data.total / PAGE_SIZE)) : 1;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gift className="size-5" aria-hidden />
          {t('referralReview.title')}
        </CardTitle>
        <CardDescription>
          {flagged.data ? t('referralReview.count', { count: flagged.data.total }) : t('referralReview.subtitle')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {flagged.isError ? (
          <Alert variant="destructive">
            <AlertCircle />
            <div className="flex flex-1 flex-wrap items-center justify-between gap-2">
              <span>{t('referralReview.loadFailed')}</span>
              <Button size="sm" variant="outline" onClick={() => void flagged.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          </Alert>
        ) : flagged.isPending ? (
          <div className="grid gap-2" role="status" aria-label={t('common.loading')}>
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : flagged.data.items.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{t('referralReview.empty')}</p>
        ) : (
          <>
            <ul className="divide-y" data-testid="flagged-referrals">
              {flagged.data.items.map((r) => (
                <li key={r.id} className="grid gap-2 py-3">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    {r.reason ? <Badge variant="destructive">{t(`referralReview.reasons.${r.reason}`)}</Badge> : null}
                    <Link to={ROUTES.profile(r.referred.username)} className="font-medium hover:underline">
                      {r.referred.displayName}
                    </Link>
                    <span className="text-muted-foreground">{r.referred.email}</span>
                    <span className="text-muted-foreground">
                      {t('referralReview.invitedBy')}{' '}
                      <Link to={ROUTES.profile(r.referrer.username)} className="hover:underline">
                        {r.referrer.displayName}
                      </Link>
                    </span>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {r.code} · {r.ip} · {new Date(r.createdAt).toLocaleString(i18n.language)}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ id: r.id, action: 'approve' })}
                    >
                      <Check />
                      {t('referralReview.approve')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ id: r.id, action: 'reject' })}
                    >
                      <X />
                      {t('referralReview.reject')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <div className="mt-3 flex items-center justify-end gap-2">
                <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  {t('referralReview.previous')}
                </Button>
                <span className="text-xs text-muted-foreground">
                  {page} / {pages}
                </span>
                <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  {t('referralReview.next')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
