import { Loader2, UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_MESSAGES } from '@app/shared/account/schemas';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiRequestError } from '@/lib/api-client';
import { SettingsError } from '@/components/settings/settings-error';
import { useBlockedUser, useBlockUser, useUnblockUser } from './privacy-api';
import './texts';

/** The block list (§4: blocking adds a user id, unblocking removes it), with block by username. */
export function BlockedUsersCard({ blockList }: { blockList: string[] }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const block = useBlockUser();
  const unblock = useUnblockUser();
  // An unknown username answers 404 from the profile lookup: say so in the block list's words.
  const blockError =
    block.error instanceof ApiRequestError && block.error.status === 404
      ? new ApiRequestError(404, 'NOT_FOUND', ACCOUNT_MESSAGES.userNotFound)
      : block.error;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsPrivacy.blocked.title')}</CardTitle>
        <CardDescription>{t('settingsPrivacy.blocked.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            const name = username.trim().replace(/^@/, '');
            if (name) block.mutate(name, { onSuccess: () => setUsername('') });
          }}
        >
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor="block-username">{t('settingsPrivacy.blocked.username')}</Label>
            <Input
              id="block-username"
              value={username}
              placeholder={t('settingsPrivacy.blocked.placeholder')}
              autoComplete="off"
              onChange={(e) => {
                setUsername(e.target.value);
                if (block.error) block.reset();
              }}
            />
          </div>
          <Button type="submit" variant="outline" disabled={!username.trim() || block.isPending}>
            {block.isPending ? <Loader2 className="animate-spin" /> : <UserX />}
            {t('settingsPrivacy.blocked.block')}
          </Button>
        </form>
        <SettingsError error={blockError} fallback={SETTINGS_FAILURES.blockUser} />
        <SettingsError error={unblock.error} fallback={SETTINGS_FAILURES.unblockUser} />
        {blockList.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('settingsPrivacy.blocked.empty')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('settingsPrivacy.blocked.title')}>
            {blockList.map((id) => (
              <BlockedUserRow
                key={id}
                userId={id}
                pending={unblock.isPending && unblock.variables === id}
                onUnblock={() => unblock.mutate(id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function BlockedUserRow({ userId, pending, onUnblock }: { userId: string; pending: boolean; onUnblock(): void }) {
  const { t } = useTranslation();
  const user = useBlockedUser(userId);
  const name = user.data?.displayName ?? t('settingsPrivacy.blocked.unknownUser');
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border p-2">
      <div className="flex min-w-0 items-center gap-3">
        {user.isPending ? <Skeleton className="size-9 rounded-full" /> : <Avatar src={user.data?.avatarUrl} name={name} />}
        <div className="grid min-w-0">
          {user.isPending ? <Skeleton className="h-4 w-28" /> : <span className="truncate text-sm font-medium">{name}</span>}
          {user.data ? <span className="truncate text-xs text-muted-foreground">@{user.data.username}</span> : null}
        </div>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={onUnblock}
        disabled={pending}
        aria-label={t('settingsPrivacy.blocked.unblockNamed', { name })}
      >
        {pending ? <Loader2 className="animate-spin" /> : null}
        {t('settingsPrivacy.blocked.unblock')}
      </Button>
    </li>
  );
}
