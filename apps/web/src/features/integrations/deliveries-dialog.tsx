import { useTranslation } from 'react-i18next';
import type { Webhook, WebhookDelivery } from '@app/shared/integrations/schemas';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import i18n from '@/lib/i18n';
import { translateMessage } from '@/lib/messages';
import { SettingsError } from '@/components/settings/settings-error';
import { useWebhookDeliveries } from './api';
import { formatDate } from './secret-reveal';
import './texts';

export function DeliveryStatusBadge({ delivery }: { delivery: Pick<WebhookDelivery, 'status'> }) {
  const { t } = useTranslation();
  const variant = delivery.status === 'succeeded' ? 'success' : delivery.status === 'failed' ? 'destructive' : 'secondary';
  return <Badge variant={variant}>{t(`settingsIntegrations.deliveries.status.${delivery.status}`)}</Badge>;
}

/** The latest deliveries of a webhook: event, status, HTTP answer, time, attempts, error. */
export function DeliveriesDialog({ webhook, onClose }: { webhook: Webhook | null; onClose(): void }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(webhook?.id ?? null);
  return (
    <Dialog open={webhook !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('settingsIntegrations.deliveries.title')}</DialogTitle>
          <DialogDescription className="break-all">{webhook?.url}</DialogDescription>
        </DialogHeader>
        <SettingsError error={deliveries.error} fallback={SETTINGS_FAILURES.webhook} />
        {deliveries.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : deliveries.data?.items.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t('settingsIntegrations.deliveries.empty')}
          </p>
        ) : (
          <ul className="grid gap-2">
            {deliveries.data?.items.map((d) => (
              <li key={d.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono font-medium">{d.event}</span>
                  <DeliveryStatusBadge delivery={d} />
                </div>
                <p className="text-xs text-muted-foreground">
                  {formatDate(d.createdAt, i18n.language, true)}
                  {' · '}
                  {t('settingsIntegrations.deliveries.attempts', { count: d.attempts })}
                  {d.responseStatus !== null ? ` · HTTP ${d.responseStatus}` : ''}
                  {d.responseTimeMs !== null ? ` · ${t('settingsIntegrations.deliveries.ms', { ms: d.responseTimeMs })}` : ''}
                </p>
                {d.error ? <p className="break-words text-xs text-destructive">{translateMessage(d.error)}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
