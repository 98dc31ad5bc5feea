import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SectionSkeleton } from '@/components/settings/section-skeleton';
import { SettingsError } from '@/components/settings/settings-error';
import { PasswordCard } from './password-card';
import { SecurityAlertsCard } from './security-alerts-card';
import { useSecuritySettings } from './security-api';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** /settings/security (settings-and-referrals.md §2): password, two-factor, active sessions and security alerts. */
export function SecuritySection() {
  const { t } = useTranslation();
  const settings = useSecuritySettings();
  if (settings.isPending) return <SectionSkeleton cards={4} rows={2} />;
  if (settings.isError)
    return (
      <div className="grid gap-3">
        <SettingsError error={settings.error} fallback="Failed to get security settings" />
        <Button variant="outline" className="justify-self-start" onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  return (
    <div className="grid gap-4">
      <PasswordCard settings={settings.data} />
      <TwoFactorCard settings={settings.data} />
      <SessionsCard />
      <SecurityAlertsCard settings={settings.data} />
    </div>
  );
}
