import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Loader2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@app/shared/app/routes';
import { SETTINGS_CONFIRMATIONS, SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { endSession } from '@/features/auth/session';
import { translateMessage } from '@/lib/messages';
import { SettingsError } from '@/components/settings/settings-error';
import { useCancelDeletion, useDeleteAccount } from './data-api';
import './texts';

type Pending = 'now' | 'schedule' | null;

/** The date of a scheduled deletion in the reader's language. */
export function useDeletionDate(iso: string | null): string | null {
  const { i18n } = useTranslation();
  return iso ? new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'long' }) : null;
}

/**
 * A pending deletion at the top of the Data section: when it takes effect and Cancel deletion.
 * The account still signs in until then (settings-and-referrals.md §4).
 */
export function PendingDeletionBanner({ scheduledDeletion }: { scheduledDeletion: string }) {
  const { t } = useTranslation();
  const cancel = useCancelDeletion();
  const date = useDeletionDate(scheduledDeletion);
  return (
    <div className="grid gap-2">
      <SettingsError error={cancel.error} fallback={SETTINGS_FAILURES.cancelDeletion} />
      <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center">
        <CalendarClock />
        <span className="flex-1">{t('settingsData.danger.pending', { date })}</span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending}
          className="shrink-0 text-foreground"
        >
          {cancel.isPending ? <Loader2 className="animate-spin" /> : null}
          {t('settingsData.danger.cancelDeletion')}
        </Button>
      </Alert>
    </div>
  );
}

/**
 * Danger Zone: delete the account now (then the session ends and the page goes to /goodbye) or
 * schedule it 30 days ahead, each after its confirmation of §5.
 */
export function DangerZoneCard({ scheduledDeletion }: { scheduledDeletion: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Pending>(null);
  const remove = useDeleteAccount();
  const date = useDeletionDate(scheduledDeletion);

  const confirm = () => {
    const immediateDelete = asking === 'now';
    remove.mutate(immediateDelete, {
      onSuccess: (result) => {
        setAsking(null);
        if (!result.deleted) return;
        endSession();
        queryClient.clear();
        // A full page load rather than a route change: the signed-in page still on screen would
        // otherwise see the session end first and its route guard would send the user to /login.
        // The load also leaves nothing of the deleted account in memory.
        window.location.replace(ROUTES.goodbye);
      },
      onError: () => setAsking(null),
    });
  };

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-5" />
          {t('settingsData.danger.title')}
        </CardTitle>
        <CardDescription>{t('settingsData.danger.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SettingsError error={remove.error} fallback={SETTINGS_FAILURES.deleteAccount} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <p className="font-medium">{t('settingsData.danger.nowTitle')}</p>
            <p className="text-sm text-muted-foreground">{t('settingsData.danger.nowText')}</p>
          </div>
          <Button variant="destructive" className="shrink-0" onClick={() => setAsking('now')} disabled={remove.isPending}>
            {t('settingsData.danger.deleteNow')}
          </Button>
        </div>
        <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <p className="font-medium">{t('settingsData.danger.scheduleTitle')}</p>
            <p className="text-sm text-muted-foreground">
              {date ? t('settingsData.danger.scheduledFor', { date }) : t('settingsData.danger.scheduleText')}
            </p>
          </div>
          {date ? null : (
            <Button
              variant="outline"
              className="shrink-0 border-destructive/50 text-destructive hover:bg-destructive/10"
              onClick={() => setAsking('schedule')}
              disabled={remove.isPending}
            >
              {t('settingsData.danger.schedule')}
            </Button>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setAsking(null);
        }}
        title={asking === 'now' ? t('settingsData.danger.deleteNow') : t('settingsData.danger.schedule')}
        description={translateMessage(asking === 'now' ? SETTINGS_CONFIRMATIONS.deleteNow : SETTINGS_CONFIRMATIONS.scheduleDeletion)}
        confirmLabel={asking === 'now' ? t('settingsData.danger.confirmNow') : t('settingsData.danger.confirmSchedule')}
        destructive
        pending={remove.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
