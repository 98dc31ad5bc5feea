import { History, Loader2, Pencil, Plus, Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INTEGRATION_LIMITS,
  INTEGRATION_MESSAGES,
  type Integrations,
  type Webhook,
  type WebhookDelivery,
} from '@app/shared/integrations/schemas';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import i18n from '@/lib/i18n';
import { translateMessage } from '@/lib/messages';
import { SettingsError } from '@/components/settings/settings-error';
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook } from './api';
import { DeliveriesDialog, DeliveryStatusBadge } from './deliveries-dialog';
import { formatDate } from './secret-reveal';
import { WebhookDialog } from './webhook-dialog';
import './texts';

/** Webhooks: the list with their last delivery, create and edit dialogs, on/off, a test button, the delivery log, delete. */
export function WebhooksCard({ data }: { data: Integrations }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [deleteId, setDeleteId] = useState<string | null>(null);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [tested, setTested] = useState<{ id: string; delivery: WebhookDelivery } | null>(null);
  const full = data.webhooks.length >= INTEGRATION_LIMITS.webhooksPerUser;
  const error = update.error ?? remove.error ?? test.error;

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <WebhookIcon className="size-5" />
            {t('settingsIntegrations.hooks.title')}
          </CardTitle>
          <CardDescription>{t('settingsIntegrations.hooks.description')}</CardDescription>
        </div>
        <Button type="button" onClick={() => setEditing('new')} disabled={full} className="shrink-0">
          <Plus />
          {t('settingsIntegrations.hooks.create')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <SettingsError error={error} fallback={SETTINGS_FAILURES.webhook} />
        {data.webhooks.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t('settingsIntegrations.hooks.empty')}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t('settingsIntegrations.hooks.title')}>
            {data.webhooks.map((hook) => {
              const result = tested?.id === hook.id ? tested.delivery : null;
              const testing = test.isPending && test.variables === hook.id;
              return (
                <li key={hook.id} className="grid gap-3 rounded-lg border p-3">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="break-all font-mono text-sm">{hook.url}</p>
                      <div className="mt-1.5 flex flex-wrap gap-1">
                        {hook.events.map((e) => (
                          <Badge key={e} variant="outline" className="font-mono">
                            {e}
                          </Badge>
                        ))}
                      </div>
                    </div>
                    <Switch
                      checked={hook.active}
                      onCheckedChange={(active) => update.mutate({ id: hook.id, active })}
                      disabled={update.isPending && update.variables?.id === hook.id}
                      aria-label={t('settingsIntegrations.hooks.activeFor', { url: hook.url })}
                    />
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <Badge variant={hook.active ? 'success' : 'secondary'}>
                      {hook.active ? t('settingsIntegrations.hooks.active') : t('settingsIntegrations.hooks.inactive')}
                    </Badge>
                    {hook.lastDelivery ? (
                      <span className="flex flex-wrap items-center gap-1">
                        {t('settingsIntegrations.hooks.lastDelivery')}
                        <DeliveryStatusBadge delivery={hook.lastDelivery} />
                        {formatDate(hook.lastDelivery.createdAt, i18n.language, true)}
                      </span>
                    ) : (
                      <span>{t('settingsIntegrations.hooks.noDeliveries')}</span>
                    )}
                  </div>
                  {result ? (
                    <Alert variant={result.status === 'succeeded' ? 'success' : 'destructive'} data-testid="webhook-test-result">
                      <Send />
                      <span>
                        {result.status === 'succeeded'
                          ? t('settingsIntegrations.hooks.testOk', { status: result.responseStatus, ms: result.responseTimeMs })
                          : t('settingsIntegrations.hooks.testFailed', { error: translateMessage(result.error ?? '') })}
                      </span>
                    </Alert>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={testing}
                      onClick={() => test.mutate(hook.id, { onSuccess: (delivery) => setTested({ id: hook.id, delivery }) })}
                    >
                      {testing ? <Loader2 className="animate-spin" /> : <Send />}
                      {t('settingsIntegrations.hooks.test')}
                    </Button>
                    <Button type="button" variant="outline" size="sm" onClick={() => setLogOf(hook)}>
                      <History />
                      {t('settingsIntegrations.hooks.deliveries')}
                    </Button>
                    <Button type="button" variant="outline" size="sm" onClick={() => setEditing(hook)}>
                      <Pencil />
                      {t('settingsIntegrations.hooks.edit')}
                    </Button>
                    <Button type="button" variant="ghost" size="sm" onClick={() => setDeleteId(hook.id)}>
                      <Trash2 />
                      {t('settingsIntegrations.hooks.delete')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {full ? <p className="text-xs text-muted-foreground">{translateMessage(INTEGRATION_MESSAGES.webhookLimit)}</p> : null}
      </CardContent>
      <WebhookDialog webhook={editing} onClose={() => setEditing(null)} />
      <DeliveriesDialog webhook={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        open={deleteId !== null}
        onOpenChange={(open) => !open && setDeleteId(null)}
        title={t('settingsIntegrations.hooks.confirmTitle')}
        description={t('settingsIntegrations.hooks.confirmText')}
        confirmLabel={t('settingsIntegrations.hooks.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleteId && remove.mutate(deleteId, { onSettled: () => setDeleteId(null) })}
      />
    </Card>
  );
}
