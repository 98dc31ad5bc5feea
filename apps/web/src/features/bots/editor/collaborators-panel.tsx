import { Loader2, UserPlus, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { INVITE_ROLES } from '@app/shared/bots/constants';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import type { Bot } from '@app/shared/bots/schemas';
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

type InviteRole = (typeof INVITE_ROLES)[number];

/** Collaborators (§2, §3), for real: the owner, editors and viewers; the owner invites by email, changes roles, removes. */
export function CollaboratorsPanel({ bot }: { bot: Bot }) {
  const { t } = useTranslation();
  const collaborators = useCollaborators(bot.id);
  const invite = useInviteCollaborator();
  const update = useUpdateCollaborator();
  const remove = useRemoveCollaborator();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('viewer');
  const isOwner = bot.myRole === 'owner';
  const fail = (fallback: string) => (err: Error) => toast.error(translateMessage(err.message || fallback));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Users className="size-4" />
          {t('botEditor.collaborators.title')}
        </CardTitle>
        <CardDescription>{t('botEditor.collaborators.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isOwner ? (
          <form
            className="grid gap-2 sm:grid-cols-[1fr_8rem_auto]"
            onSubmit={(e) => {
              e.preventDefault();
              invite.mutate(
                { id: bot.id, email: email.trim(), role },
                {
                  onSuccess: (c) => {
                    setEmail('');
                    toast.success(t('botEditor.collaborators.invited', { name: c.user.displayName }));
                  },
                  onError: fail(BOT_FAILURES.invite),
                },
              );
            }}
          >
            <Input
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="name@example.com"
              aria-label={t('botEditor.collaborators.email')}
            />
            <Select value={role} onValueChange={(v) => setRole(v as InviteRole)}>
              <SelectTrigger aria-label={t('botEditor.collaborators.role')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {INVITE_ROLES.map((r) => (
                  <SelectItem key={r} value={r}>
                    {t(`botEditor.collaborators.roles.${r}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button type="submit" disabled={!email.trim() || invite.isPending}>
              {invite.isPending ? <Loader2 className="animate-spin" /> : <UserPlus />}
              {t('botEditor.collaborators.invite')}
            </Button>
          </form>
        ) : null}
        {collaborators.isError ? (
          <ErrorCard message={collaborators.error.message || BOT_FAILURES.collaborators} onRetry={() => void collaborators.refetch()} />
        ) : collaborators.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : (
          <ul className="grid gap-2" data-testid="collaborators">
            {collaborators.data.items.map((c) => (
              <li key={c.user.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
                <Avatar src={c.user.avatarUrl} name={c.user.displayName} className="size-8" />
                <div className="grid min-w-0 flex-1">
                  <span className="truncate text-sm font-medium">{c.user.displayName}</span>
                  <span className="truncate text-xs text-muted-foreground">{c.user.email ?? `@${c.user.username}`}</span>
                </div>
                {c.role === 'owner' || !isOwner ? (
                  <Badge variant={c.role === 'owner' ? 'default' : 'secondary'}>{t(`botEditor.collaborators.roles.${c.role}`)}</Badge>
                ) : (
                  <>
                    <Select
                      value={c.role}
                      onValueChange={(v) =>
                        update.mutate(
                          { id: bot.id, userId: c.user.id, role: v as InviteRole },
                          { onError: fail(BOT_FAILURES.updateCollaborator) },
                        )
                      }
                    >
                      <SelectTrigger className="h-8 w-28" aria-label={t('botEditor.collaborators.roleOf', { name: c.user.displayName })}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {INVITE_ROLES.map((r) => (
                          <SelectItem key={r} value={r}>
                            {t(`botEditor.collaborators.roles.${r}`)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t('botEditor.collaborators.remove', { name: c.user.displayName })}
                      onClick={() => remove.mutate({ id: bot.id, userId: c.user.id }, { onError: fail(BOT_FAILURES.removeCollaborator) })}
                    >
                      <X />
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
