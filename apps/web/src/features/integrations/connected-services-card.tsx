import { KeyRound, Link2, Loader2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import type { Integrations } from '@app/shared/integrations/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import i18n from '@/lib/i18n';
import { SettingsError } from '@/components/settings/settings-error';
import { useConnectService, useDisconnectService } from './api';
import { formatDate } from './secret-reveal';
import './texts';

/** The OIDC provider: connect (a redirect to the provider, back to this page) or disconnect with a confirmation. */
export function ConnectedServicesCard({ data }: { data: Integrations }) {
  const { t } = useTranslation();
  const connect = useConnectService();
  const disconnect = useDisconnectService();
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const provider = data.available.oidc;

  const startConnect = () =>
    connect.mutate('oidc', {
      onSuccess: ({ url }) => {
        window.location.assign(url);
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5" />
          {t('settingsIntegrations.services.title')}
        </CardTitle>
        <CardDescription>{t('settingsIntegrations.services.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SettingsError error={connect.error} fallback={SETTINGS_FAILURES.connectService} />
        <SettingsError error={disconnect.error} fallback={SETTINGS_FAILURES.disconnectService} />
        <div className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-center gap-3">
            <KeyRound className="size-5 shrink-0 text-muted-foreground" />
            <div className="min-w-0">
              <p className="font-medium">{provider?.name ?? t('settingsIntegrations.services.sso')}</p>
              <p className="text-sm text-muted-foreground">
                {provider ? t('settingsIntegrations.services.oidcHint') : t('settingsIntegrations.services.unavailable')}
              </p>
            </div>
          </div>
          {provider ? (
            <Button type="button" variant="outline" onClick={startConnect} disabled={connect.isPending || connect.isSuccess}>
              {connect.isPending || connect.isSuccess ? <Loader2 className="animate-spin" /> : null}
              {t('settingsIntegrations.services.connect', { provider: provider.name })}
            </Button>
          ) : (
            <Badge variant="secondary">{t('settingsIntegrations.services.notConfigured')}</Badge>
          )}
        </div>
        {data.connectedServices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('settingsIntegrations.services.empty')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('settingsIntegrations.services.listLabel')}>
            {data.connectedServices.map((s) => (
              <li key={s.id} className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {s.name}
                    <Badge variant="success">{t('settingsIntegrations.services.connected')}</Badge>
                  </p>
                  <p className="truncate text-sm text-muted-foreground">
                    {s.email ?? '—'} · {t('settingsIntegrations.services.since', { date: formatDate(s.connectedAt, i18n.language) })}
                  </p>
                </div>
                <Button type="button" variant="outline" size="sm" onClick={() => setConfirmId(s.id)}>
                  <Unlink />
                  {t('settingsIntegrations.services.disconnect')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmId !== null}
        onOpenChange={(open) => !open && setConfirmId(null)}
        title={t('settingsIntegrations.services.confirmTitle')}
        description={t('settingsIntegrations.services.confirmText')}
        confirmLabel={t('settingsIntegrations.services.disconnect')}
        destructive
        pending={disconnect.isPending}
        onConfirm={() => confirmId && disconnect.mutate(confirmId, { onSettled: () => setConfirmId(null) })}
      />
    </Card>
  );
}
