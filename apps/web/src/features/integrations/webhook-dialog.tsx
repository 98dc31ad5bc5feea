import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INTEGRATION_LIMITS,
  WEBHOOK_EVENTS,
  ZWebhookCreateBody,
  type Webhook,
  type WebhookCreated,
  type WebhookEvent,
} from '@app/shared/integrations/schemas';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { SettingsError } from '@/components/settings/settings-error';
import { useCreateWebhook, useUpdateWebhook } from './api';
import { SecretReveal } from './secret-reveal';
import './texts';
import '@/features/settings/texts';

const eventKey = (e: WebhookEvent) => e.replace('.', '_');

/** Create (then the signing secret, shown once) or edit a webhook's URL and events. */
export function WebhookDialog({ webhook, onClose }: { webhook: Webhook | 'new' | null; onClose(): void }) {
  return (
    <Dialog open={webhook !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        {/* Mounted while open only, so that each opening starts from the webhook's values. */}
        {webhook !== null ? <WebhookForm key={webhook === 'new' ? 'new' : webhook.id} webhook={webhook} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({ webhook, onClose }: { webhook: Webhook | 'new'; onClose(): void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const editing = webhook !== 'new' ? webhook : null;
  const [url, setUrl] = useState(editing?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(editing?.events ?? []);
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<WebhookCreated | null>(null);

  const parsed = ZWebhookCreateBody.safeParse({ url, events });
  const issue = (field: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message);
  const mutation = editing ? update : create;
  const serverFieldError = mutation.error instanceof ApiRequestError && mutation.error.field === 'url';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    if (editing) update.mutate({ id: editing.id, ...parsed.data }, { onSuccess: onClose });
    else create.mutate(parsed.data, { onSuccess: setCreated });
  };
  const toggle = (event: WebhookEvent, on: boolean) => setEvents((s) => (on ? [...s, event] : s.filter((x) => x !== event)));

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {created
            ? t('settingsIntegrations.hooks.createdTitle')
            : editing
              ? t('settingsIntegrations.hooks.editTitle')
              : t('settingsIntegrations.hooks.createTitle')}
        </DialogTitle>
        <DialogDescription>{created ? created.url : t('settingsIntegrations.hooks.createText')}</DialogDescription>
      </DialogHeader>
      {created ? (
        <div className="grid gap-4">
          <SecretReveal id="new-webhook-secret" label={t('settingsIntegrations.hooks.secret')} value={created.secret} />
          <p className="text-xs text-muted-foreground">{t('settingsIntegrations.hooks.signatureHelp')}</p>
          <Button type="button" onClick={onClose}>
            {t('settingsIntegrations.done')}
          </Button>
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <SettingsError error={mutation.error} fallback={SETTINGS_FAILURES.webhook} />
          <div className="grid gap-1.5">
            <Label htmlFor="webhook-url">{t('settingsIntegrations.hooks.url')}</Label>
            <Input
              id="webhook-url"
              type="url"
              inputMode="url"
              value={url}
              maxLength={INTEGRATION_LIMITS.webhookUrlMax}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.com/webhooks/charachat"
              aria-invalid={(touched && !!issue('url')) || !!serverFieldError}
              autoFocus
            />
            {touched && issue('url') ? <p className="text-xs text-destructive">{translateMessage(issue('url')!)}</p> : null}
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('settingsIntegrations.hooks.events')}</legend>
            {WEBHOOK_EVENTS.map((event) => (
              <div key={event} className="flex items-start gap-3 rounded-md border p-2.5">
                <Checkbox
                  id={`event-${eventKey(event)}`}
                  checked={events.includes(event)}
                  onCheckedChange={(v) => toggle(event, v === true)}
                  className="mt-0.5"
                />
                <Label htmlFor={`event-${eventKey(event)}`} className="grid gap-1 font-normal">
                  <span className="font-mono text-sm font-medium">{event}</span>
                  <span className="text-xs text-muted-foreground">{t(`settingsIntegrations.events.${eventKey(event)}`)}</span>
                </Label>
              </div>
            ))}
            {touched && issue('events') ? <p className="text-xs text-destructive">{translateMessage(issue('events')!)}</p> : null}
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <Loader2 className="animate-spin" /> : null}
              {editing ? t('settingsUi.saveChanges') : t('settingsIntegrations.hooks.create')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
