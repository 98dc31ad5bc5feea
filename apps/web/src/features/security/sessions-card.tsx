import { Laptop, Loader2, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_CONFIRMATIONS, SETTINGS_FAILURES } from '@app/shared/settings/messages';
import type { UserSession } from '@app/shared/security/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { translateMessage } from '@/lib/messages';
import { SettingsError } from '@/components/settings/settings-error';
import { useSessions, useTerminateAllSessions, useTerminateSession } from './security-api';
import './texts';

function DeviceIcon({ device }: { device: string }) {
  const Icon = device === 'Mobile' ? Smartphone : device === 'Tablet' ? Tablet : device === 'Desktop' ? Laptop : MonitorSmartphone;
  return <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />;
}

function SessionRow({ session }: { session: UserSession }) {
  const { t, i18n } = useTranslation();
  const terminate = useTerminateSession();
  const lastActive = new Date(session.lastActive).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const location = session.location === 'Unknown' ? t('settingsSecurity.sessions.unknownLocation') : session.location;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="session-row">
      <div className="flex min-w-0 items-start gap-3">
        <DeviceIcon device={session.device} />
        <div className="grid min-w-0 gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {translateMessage(session.browser)} · {translateMessage(session.os)}
            {session.current ? <Badge>{t('settingsSecurity.sessions.thisDevice')}</Badge> : null}
          </p>
          <p className="break-words text-sm text-muted-foreground">
            {translateMessage(session.device)} · {session.ip} · {location}
          </p>
          <p className="text-sm text-muted-foreground">{t('settingsSecurity.sessions.lastActive', { time: lastActive })}</p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          disabled={terminate.isPending}
          aria-label={t('settingsSecurity.sessions.signOutOne', {
            browser: translateMessage(session.browser),
            os: translateMessage(session.os),
          })}
          // §8: a failed termination is only logged.
          onClick={() => terminate.mutate(session.id, { onError: (err) => console.error(SETTINGS_FAILURES.terminateSession, err) })}
        >
          {terminate.isPending ? <Loader2 className="animate-spin" /> : null}
          {t('settingsSecurity.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/** Active Sessions: every signed-in device, Sign Out for each other one, and Sign Out All with a confirmation. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const terminateAll = useTerminateAllSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{t('settingsSecurity.sessions.title')}</CardTitle>
          <CardDescription>{t('settingsSecurity.sessions.description')}</CardDescription>
        </div>
        <Button variant="outline" className="self-start" disabled={others === 0} onClick={() => setConfirming(true)}>
          {t('settingsSecurity.sessions.signOutAll')}
        </Button>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : sessions.isError ? (
          <div className="grid gap-3">
            <SettingsError error={sessions.error} fallback={SETTINGS_FAILURES.getSessions} />
            <Button variant="outline" className="justify-self-start" onClick={() => void sessions.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <>
            <ul className="divide-y">
              {sessions.data.map((s) => (
                <SessionRow key={s.id} session={s} />
              ))}
            </ul>
            {others === 0 ? <p className="pt-2 text-sm text-muted-foreground">{t('settingsSecurity.sessions.noOthers')}</p> : null}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={translateMessage(SETTINGS_CONFIRMATIONS.signOutAll)}
        description={t('settingsSecurity.sessions.signOutAllDescription')}
        confirmLabel={t('settingsSecurity.sessions.signOutAll')}
        destructive
        pending={terminateAll.isPending}
        onConfirm={() =>
          terminateAll.mutate(undefined, {
            // §8: a failed termination is only logged.
            onError: (err) => console.error(SETTINGS_FAILURES.terminateAllSessions, err),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Card>
  );
}
