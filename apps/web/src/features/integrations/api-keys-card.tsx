import { KeyRound, Loader2, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_SCOPES,
  INTEGRATION_LIMITS,
  INTEGRATION_MESSAGES,
  ZApiKeyCreateBody,
  type ApiKeyCreated,
  type ApiKeyScope,
  type Integrations,
} from '@app/shared/integrations/schemas';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import i18n from '@/lib/i18n';
import { translateMessage } from '@/lib/messages';
import { SettingsError } from '@/components/settings/settings-error';
import { useCreateApiKey, useRevokeApiKey } from './api';
import { formatDate, SecretReveal } from './secret-reveal';
import './texts';

const scopeKey = (scope: ApiKeyScope) => scope.replace(':', '_');

/** API keys: the list (prefix, scopes, last used, created), a create dialog that shows the key once, revoke with a confirmation. */
export function ApiKeysCard({ data }: { data: Integrations }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [revokeId, setRevokeId] = useState<string | null>(null);
  const revoke = useRevokeApiKey();
  const full = data.apiKeys.length >= INTEGRATION_LIMITS.apiKeysPerUser;

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <KeyRound className="size-5" />
            {t('settingsIntegrations.keys.title')}
          </CardTitle>
          <CardDescription>{t('settingsIntegrations.keys.description')}</CardDescription>
        </div>
        <Button type="button" onClick={() => setCreating(true)} disabled={full} className="shrink-0">
          <Plus />
          {t('settingsIntegrations.keys.create')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <SettingsError error={revoke.error} fallback={SETTINGS_FAILURES.revokeApiKey} />
        {data.apiKeys.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t('settingsIntegrations.keys.empty')}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t('settingsIntegrations.keys.title')}>
            {data.apiKeys.map((key) => (
              <li key={key.id} className="grid gap-2 rounded-lg border p-3">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{key.name}</p>
                    <p className="font-mono text-xs text-muted-foreground">{key.prefix}…</p>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => setRevokeId(key.id)}
                    aria-label={t('settingsIntegrations.keys.revokeNamed', { name: key.name })}
                  >
                    <Trash2 />
                    <span className="hidden sm:inline">{t('settingsIntegrations.keys.revoke')}</span>
                  </Button>
                </div>
                <div className="flex flex-wrap gap-1">
                  {key.permissions.map((p) => (
                    <Badge key={p} variant="outline" className="font-mono">
                      {p}
                    </Badge>
                  ))}
                </div>
                <p className="text-xs text-muted-foreground">
                  {t('settingsIntegrations.keys.lastUsed', {
                    date: key.lastUsedAt ? formatDate(key.lastUsedAt, i18n.language, true) : t('settingsIntegrations.keys.never'),
                  })}
                  {' · '}
                  {t('settingsIntegrations.keys.created', { date: formatDate(key.createdAt, i18n.language) })}
                </p>
              </li>
            ))}
          </ul>
        )}
        {full ? <p className="text-xs text-muted-foreground">{translateMessage(INTEGRATION_MESSAGES.apiKeyLimit)}</p> : null}
      </CardContent>
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revokeId !== null}
        onOpenChange={(open) => !open && setRevokeId(null)}
        title={t('settingsIntegrations.keys.confirmTitle')}
        description={t('settingsIntegrations.keys.confirmText')}
        confirmLabel={t('settingsIntegrations.keys.revoke')}
        destructive
        pending={revoke.isPending}
        onConfirm={() => revokeId && revoke.mutate(revokeId, { onSettled: () => setRevokeId(null) })}
      />
    </Card>
  );
}

function CreateApiKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [touched, setTouched] = useState(false);
  const parsed = ZApiKeyCreateBody.safeParse({ name, permissions: scopes });
  const issue = (field: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message);

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    onOpenChange(false);
    // Forget the key as soon as the dialog closes: it is never shown again.
    setName('');
    setScopes([]);
    setCreated(null);
    setTouched(false);
    create.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    create.mutate(parsed.data, { onSuccess: setCreated });
  };
  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{created ? t('settingsIntegrations.keys.createdTitle') : t('settingsIntegrations.keys.createTitle')}</DialogTitle>
          <DialogDescription>{created ? created.name : t('settingsIntegrations.keys.createText')}</DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="grid gap-4">
            <SecretReveal id="new-api-key" label={t('settingsIntegrations.keys.yourKey')} value={created.key} />
            <p className="text-xs text-muted-foreground">{t('settingsIntegrations.keys.usage')}</p>
            <Button type="button" onClick={() => close(false)}>
              {t('settingsIntegrations.done')}
            </Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <SettingsError error={create.error} fallback={SETTINGS_FAILURES.createApiKey} />
            <div className="grid gap-1.5">
              <Label htmlFor="api-key-name">{t('settingsIntegrations.keys.name')}</Label>
              <Input
                id="api-key-name"
                value={name}
                maxLength={INTEGRATION_LIMITS.apiKeyNameMax}
                onChange={(e) => setName(e.target.value)}
                placeholder={t('settingsIntegrations.keys.namePlaceholder')}
                aria-invalid={touched && !!issue('name')}
                autoFocus
              />
              {touched && issue('name') ? <p className="text-xs text-destructive">{translateMessage(issue('name')!)}</p> : null}
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t('settingsIntegrations.keys.permissions')}</legend>
              {API_KEY_SCOPES.map((scope) => (
                <div key={scope} className="flex items-start gap-3 rounded-md border p-2.5">
                  <Checkbox
                    id={`scope-${scopeKey(scope)}`}
                    checked={scopes.includes(scope)}
                    onCheckedChange={(v) => toggle(scope, v === true)}
                    className="mt-0.5"
                  />
                  <Label htmlFor={`scope-${scopeKey(scope)}`} className="grid gap-1 font-normal">
                    <span className="font-mono text-sm font-medium">{scope}</span>
                    <span className="text-xs text-muted-foreground">{t(`settingsIntegrations.scopes.${scopeKey(scope)}`)}</span>
                  </Label>
                </div>
              ))}
              {touched && issue('permissions') ? (
                <p className="text-xs text-destructive">{translateMessage(issue('permissions')!)}</p>
              ) : null}
            </fieldset>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? <Loader2 className="animate-spin" /> : null}
                {t('settingsIntegrations.keys.create')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
