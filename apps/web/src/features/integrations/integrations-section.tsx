import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SectionSkeleton } from '@/components/settings/section-skeleton';
import { SettingsError } from '@/components/settings/settings-error';
import { useIntegrations } from './api';
import { ApiKeysCard } from './api-keys-card';
import { ConnectedServicesCard } from './connected-services-card';
import { WebhooksCard } from './webhooks-card';
import './texts';

/** /settings/integrations and /settings/api (settings-and-referrals.md §2): connected services, API keys, webhooks. */
export function IntegrationsSection() {
  const { t } = useTranslation();
  const integrations = useIntegrations();
  if (integrations.isPending) return <SectionSkeleton cards={3} rows={2} />;
  if (integrations.isError)
    return (
      <div className="grid gap-3">
        <SettingsError error={integrations.error} fallback={t('settingsIntegrations.loadFailed')} />
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => void integrations.refetch()}>
          {t('settingsIntegrations.retry')}
        </Button>
      </div>
    );
  return (
    <div className="grid gap-4">
      <ConnectedServicesCard data={integrations.data} />
      <ApiKeysCard data={integrations.data} />
      <WebhooksCard data={integrations.data} />
    </div>
  );
}
