import { Loader2, UserPlus, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { INVITE_ROLES } from '@app/shared/bots/constants';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import type { Bot, Collaborator } from '@app/shared/bots/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCard } from '@/components/error-card';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { translateMessage } from '@/lib/messages';
import { useCollaborators, useInviteCollaborator, useRemoveCollaborator, useUpdateCollaborator } from '../api';
import './texts';

type InviteRole = (typeof INVITE_ROLES)[number];

/**
 * Collaborators (§2, §3, §6), for real: the owner first (fixed), then editors and viewers. Only the owner invites by
 * email (viewer by default), changes roles and removes people; everyone else sees the list.
 */
export function CollaboratorsPanel({ bot }: { bot: Bot }) {
  const { t } = useTranslation();
  const collaborators = useCollaborators(bot.id);
  const invite = useInviteCollaborator();
  const update = useUpdateCollaborator();
  const remove = useRemoveCollaborator();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('viewer');
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Collaborator | null>(null);
  const isOwner = bot.myRole === 'owner';
  const roleName = (r: string) => t(`botEditor.collaborators.roles.${r}`);
  // The owner first, whatever order the list comes in.
  const items = collaborators.data
    ? [...collaborators.data.items].sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'))
    : [];

  return (
    <Card data-testid="collaborators-panel">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Users className="size-4" />
          {t('botEditor.collaborators.title')}
        </CardTitle>
        <CardDescription>
          {t('botEditor.collaborators.text')} {isOwner ? null : t('botEditor.collaborators.readOnly')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isOwner ? (
          <form
            className="grid gap-2"
            aria-label={t('botEditor.collaborators.inviteTitle')}
            onSubmit={(e) => {
              e.preventDefault();
              setInviteError(null);
              invite.mutate(
                { id: bot.id, email: email.trim(), role },
                {
                  onSuccess: (c) => {
                    setEmail('');
                    setRole('viewer');
                    toast.success(t('botEditor.collaborators.invited', { name: c.user.displayName, role: roleName(c.role) }));
                  },
                  onError: (err) => setInviteError(err.message || BOT_FAILURES.invite),
                },
              );
            }}
          >
            <Input
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setInviteError(null);
              }}
              placeholder="name@example.com"
              aria-label={t('botEditor.collaborators.email')}
              aria-invalid={inviteError ? true : undefined}
              aria-describedby={inviteError ? 'invite-error' : undefined}
              data-testid="invite-email"
            />
            <div className="flex gap-2">
              <Select value={role} onValueChange={(v) => setRole(v as InviteRole)}>
                <SelectTrigger className="min-w-0 flex-1" aria-label={t('botEditor.collaborators.role')} data-testid="invite-role">
                  <SelectValue />
                </SelectTrigger>
                <RoleOptions roleName={roleName} />
              </Select>
              <Button type="submit" className="shrink-0" disabled={!email.trim() || invite.isPending} data-testid="invite-button">
                {invite.isPending ? <Loader2 className="animate-spin" /> : <UserPlus />}
                {t('botEditor.collaborators.invite')}
              </Button>
            </div>
            {inviteError ? (
              <p id="invite-error" role="alert" className="text-xs font-medium text-destructive" data-testid="invite-error">
                {translateMessage(inviteError)}
              </p>
            ) : null}
          </form>
        ) : null}
        {collaborators.isError ? (
          <ErrorCard message={collaborators.error.message || BOT_FAILURES.collaborators} onRetry={() => void collaborators.refetch()} />
        ) : collaborators.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : (
          <ul className="grid gap-2" data-testid="collaborators" aria-label={t('botEditor.collaborators.title')}>
            {items.map((c) => (
              <li key={c.user.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3" data-testid="collaborator">
                <Avatar src={c.user.avatarUrl} name={c.user.displayName} className="size-8" />
                <div className="grid min-w-[8rem] flex-1">
                  <span className="truncate text-sm font-medium">{c.user.displayName}</span>
                  <span className="truncate text-xs text-muted-foreground">{c.user.email ?? `@${c.user.username}`}</span>
                </div>
                {c.role === 'owner' || !isOwner ? (
                  <Badge variant={c.role === 'owner' ? 'default' : 'secondary'} data-testid="collaborator-role">
                    {roleName(c.role)}
                  </Badge>
                ) : (
                  <div className="ml-auto flex items-center gap-1">
                    <Select
                      value={c.role}
                      disabled={update.isPending && update.variables?.userId === c.user.id}
                      onValueChange={(v) =>
                        update.mutate(
                          { id: bot.id, userId: c.user.id, role: v as InviteRole },
                          {
                            onSuccess: () =>
                              toast.success(t('botEditor.collaborators.roleChanged', { name: c.user.displayName, role: roleName(v) })),
                            onError: (err) => toast.error(translateMessage(err.message || BOT_FAILURES.updateCollaborator)),
                          },
                        )
                      }
                    >
                      <SelectTrigger className="h-8 w-40" aria-label={t('botEditor.collaborators.roleOf', { name: c.user.displayName })}>
                        <SelectValue />
                      </SelectTrigger>
                      <RoleOptions roleName={roleName} />
                    </Select>
                    <Button
                      size="icon"
                      variant="ghost"
                      className="size-8"
                      aria-label={t('botEditor.collaborators.remove', { name: c.user.displayName })}
                      onClick={() => setRemoving(c)}
                    >
                      <X />
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('botEditor.collaborators.removeTitle', { name: removing?.user.displayName })}
        description={t('botEditor.collaborators.removeText')}
        confirmLabel={t('botEditor.collaborators.removeConfirm')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { id: bot.id, userId: removing.user.id },
            {
              onSuccess: () => setRemoving(null),
              onError: (err) => {
                setRemoving(null);
                toast.error(translateMessage(err.message || BOT_FAILURES.removeCollaborator));
              },
            },
          )
        }
      />
    </Card>
  );
}

/** The roles an invite or a change may give (never owner). */
function RoleOptions({ roleName }: { roleName(role: string): string }) {
  return (
    <SelectContent>
      {INVITE_ROLES.map((r) => (
        <SelectItem key={r} value={r}>
          {roleName(r)}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
