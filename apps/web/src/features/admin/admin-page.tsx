import { useQuery } from '@tanstack/react-query';
import { AlertCircle, Search, Shield, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@app/shared/app/constants';
import { ZAdminUserPage } from '@app/shared/admin/schemas';
import { TIER_BADGES } from '@app/shared/users/roles';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { EconomyPanel } from './economy-panel';
import { ModerationPanel } from './moderation-panel';
import { PricingPanel } from './pricing-panel';
import { TokenPurchasesPanel } from './token-purchases-panel';
import { ReferralReviewPanel } from './referral-review-panel';
import './texts';

const PAGE_SIZE = 20;

/** /admin (admins only): the pricing, the provider's API token purchases, the economy report, moderation and the users. */
export function AdminPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useQuery({
    queryKey: ['admin', 'users', { q, page }],
    queryFn: () =>
      api(`/api/admin/users?page=${page}&limit=${PAGE_SIZE}${q ? `&q=${encodeURIComponent(q)}` : ''}`, { schema: ZAdminUserPage }),
    placeholderData: (previous) => previous,
  });
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Shield className="size-5" />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('admin.title')}</h1>
          <p className="text-muted-foreground">{t('admin.subtitle')}</p>
        </div>
      </header>

      <PricingPanel />
      <TokenPurchasesPanel />
      <EconomyPanel />

      <ModerationPanel />

      <ReferralReviewPanel />

      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle className="flex items-center gap-2">
              <Users className="size-5" />
              {t('admin.users')}
            </CardTitle>
            {users.data ? <CardDescription>{t('admin.usersCount', { count: users.data.total })}</CardDescription> : null}
          </div>
          <div className="relative w-full sm:w-72">
            <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
              placeholder={t('admin.searchUsers')}
              aria-label={t('admin.searchUsers')}
              className="pl-9"
            />
          </div>
        </CardHeader>
        <CardContent>
          {users.isError ? (
            <Alert variant="destructive">
              <AlertCircle />
              {t('admin.loadFailed')}
            </Alert>
          ) : users.isPending ? (
            <div className="grid gap-2" role="status" aria-label={t('common.loading')}>
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-12" />
              ))}
            </div>
          ) : users.data.items.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">{t('admin.noUsers')}</p>
          ) : (
            <ul className="divide-y" data-testid="admin-users">
              {users.data.items.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
                  <div className="min-w-0 flex-[1_1_12rem]">
                    <p className="truncate font-medium">
                      {u.displayName} <span className="text-sm font-normal text-muted-foreground">@{u.username}</span>
                    </p>
                    <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                  </div>
                  <div className="flex flex-wrap items-center gap-1.5">
                    {u.role === 'admin' ? <Badge>{t('admin.roleAdmin')}</Badge> : null}
                    <Badge variant="secondary">{TIER_BADGES[u.tier]}</Badge>
                    {u.emailVerified ? (
                      <Badge variant="success">{t('admin.verified')}</Badge>
                    ) : (
                      <Badge variant="outline">{t('admin.unverified')}</Badge>
                    )}
                    {u.isDemo ? <Badge variant="outline">{t('header.demoBadge')}</Badge> : null}
                    <span className="text-xs text-muted-foreground">{new Date(u.createdAt).toLocaleDateString(i18n.language)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <div className="mt-4 flex items-center justify-end gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('common.previous')}
              </Button>
              <span className="text-sm text-muted-foreground">{t('common.pageOf', { page, pages })}</span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('common.next')}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
