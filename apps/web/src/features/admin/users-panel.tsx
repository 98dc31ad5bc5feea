import { Ban, Search, ShieldCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SEARCH_DEBOUNCE_MS } from '@app/shared/app/constants';
import { ADMIN_LIMITS } from '@app/shared/admin/rules';
import type { AdminUser } from '@app/shared/admin/schemas';
import { ROLES, TIER_BADGES, TIERS, type Role, type Tier } from '@app/shared/users/roles';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useCurrentUser } from '@/features/auth/store';
import { translateMessage } from '@/lib/messages';
import { useDebounced } from '@/lib/use-debounced';
import { USERS_PAGE_SIZE, useAdminUsers, useBanUser, useUpdateUser } from './console-api';
import './texts';

/** Users: search by email, username or display name, role, tier, ban and unban with a reason. */
export function UsersPanel() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [bannedOnly, setBannedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [managed, setManaged] = useState<AdminUser | null>(null);
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers(q, bannedOnly, page);
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / USERS_PAGE_SIZE)) : 1;

  return (
    <Card className="min-w-0">
      <CardHeader className="grid gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <Users className="size-5" aria-hidden="true" />
            {t('admin.users')}
          </CardTitle>
          {users.data ? <CardDescription>{t('admin.usersCount', { count: users.data.total })}</CardDescription> : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <div className="relative w-full sm:w-80">
            <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
              placeholder={t('console.users.search')}
              aria-label={t('console.users.search')}
              className="pl-9"
            />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id="admin-banned-only"
              checked={bannedOnly}
              onCheckedChange={(v) => {
                setBannedOnly(v === true);
                setPage(1);
              }}
            />
            <Label htmlFor="admin-banned-only">{t('console.users.bannedOnly')}</Label>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {users.isError ? (
          <ErrorCard message={users.error.message} onRetry={() => void users.refetch()} />
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
              <li key={u.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid={`admin-user-${u.username}`}>
                <div className="min-w-0 flex-[1_1_12rem]">
                  <p className="truncate font-medium">
                    {u.displayName} <span className="text-sm font-normal text-muted-foreground">@{u.username}</span>
                  </p>
                  <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                  {u.bannedAt && u.banReason ? (
                    <p className="truncate text-xs text-destructive">{t('console.users.bannedFor', { reason: u.banReason })}</p>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-1.5">
                  {u.bannedAt ? <Badge variant="destructive">{t('console.users.banned')}</Badge> : null}
                  {u.role === 'admin' ? <Badge>{t('admin.roleAdmin')}</Badge> : null}
                  <Badge variant="secondary">{TIER_BADGES[u.tier]}</Badge>
                  {u.emailVerified ? (
                    <Badge variant="success">{t('admin.verified')}</Badge>
                  ) : (
                    <Badge variant="outline">{t('admin.unverified')}</Badge>
                  )}
                  {u.isDemo ? <Badge variant="outline">{t('header.demoBadge')}</Badge> : null}
                  <span className="text-xs text-muted-foreground">{new Date(u.createdAt).toLocaleDateString(i18n.language)}</span>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setManaged(u)}
                    aria-label={t('console.users.manageUser', { name: u.username })}
                  >
                    {t('console.users.manage')}
                  </Button>
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
      {managed ? <ManageUserDialog user={managed} onClose={() => setManaged(null)} /> : null}
    </Card>
  );
}

/** Role, tier and ban of one user, in a dialog (Escape closes it). */
function ManageUserDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [role, setRole] = useState<Role>(user.role);
  const [tier, setTier] = useState<Tier>(user.tier);
  const [reason, setReason] = useState('');
  const update = useUpdateUser();
  const ban = useBanUser();
  const self = me?.id === user.id;
  const canBan = !self && user.role !== 'admin';
  const changed = role !== user.role || tier !== user.tier;

  const save = () =>
    update.mutate(
      { id: user.id, ...(role !== user.role ? { role } : {}), ...(tier !== user.tier ? { tier } : {}) },
      {
        onSuccess: () => {
          toast.success(t('console.users.saved'));
          onClose();
        },
        onError: (err) => toast.error(translateMessage(err.message)),
      },
    );
  const toggleBan = () =>
    ban.mutate(
      { id: user.id, reason: reason.trim(), ban: !user.bannedAt },
      {
        onSuccess: () => {
          toast.success(user.bannedAt ? t('console.users.unbannedToast') : t('console.users.bannedToast'));
          onClose();
        },
        onError: (err) => toast.error(translateMessage(err.message)),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('console.users.manageTitle', { name: user.displayName })}</DialogTitle>
          <DialogDescription>
            @{user.username} · {user.email}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="admin-user-role">{t('console.users.role')}</Label>
              <Select value={role} onValueChange={(v) => setRole(v as Role)} disabled={self}>
                <SelectTrigger id="admin-user-role">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ROLES.map((r) => (
                    <SelectItem key={r} value={r}>
                      {t(`console.users.roles.${r}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {self ? <p className="text-xs text-muted-foreground">{t('console.users.selfRole')}</p> : null}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="admin-user-tier">{t('console.users.tier')}</Label>
              <Select value={tier} onValueChange={(v) => setTier(v as Tier)}>
                <SelectTrigger id="admin-user-tier">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TIERS.map((x) => (
                    <SelectItem key={x} value={x}>
                      {TIER_BADGES[x]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <div className="flex justify-end">
            <Button onClick={save} disabled={!changed || update.isPending}>
              <ShieldCheck />
              {t('console.users.save')}
            </Button>
          </div>
          <div className="grid gap-2 rounded-lg border border-destructive/40 p-3">
            <p className="text-sm font-medium">{user.bannedAt ? t('console.users.unbanTitle') : t('console.users.banTitle')}</p>
            {canBan || user.bannedAt ? (
              <>
                <Label htmlFor="admin-ban-reason">{t('console.users.reason')}</Label>
                <Textarea
                  id="admin-ban-reason"
                  value={reason}
                  maxLength={ADMIN_LIMITS.reason}
                  onChange={(e) => setReason(e.target.value)}
                  placeholder={user.bannedAt ? t('console.users.unbanReasonHint') : t('console.users.banReasonHint')}
                  className="min-h-16"
                />
                <p className="text-xs text-muted-foreground">
                  {user.bannedAt ? t('console.users.unbanEffect') : t('console.users.banEffect')}
                </p>
                <div className="flex justify-end">
                  <Button
                    variant={user.bannedAt ? 'outline' : 'destructive'}
                    onClick={toggleBan}
                    disabled={!reason.trim() || ban.isPending}
                  >
                    <Ban />
                    {user.bannedAt ? t('console.users.unban') : t('console.users.ban')}
                  </Button>
                </div>
              </>
            ) : (
              <p className="text-sm text-muted-foreground">{self ? t('console.users.cannotBanSelf') : t('console.users.cannotBanAdmin')}</p>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
