import { useTranslation } from 'react-i18next';
import type { SecuritySettings } from '@app/shared/security/schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SettingSwitch } from '@/components/settings/setting-switch';
import { SettingsError } from '@/components/settings/settings-error';
import { useSaveSecuritySettings } from './security-api';
import './texts';

/** Security Alerts: the Login Alerts switch, saved as soon as it is flipped. */
export function SecurityAlertsCard({ settings }: { settings: SecuritySettings }) {
  const { t } = useTranslation();
  const save = useSaveSecuritySettings();
  const checked = save.isPending && save.variables ? save.variables.loginAlerts : settings.loginAlerts;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsSecurity.alerts.title')}</CardTitle>
        <CardDescription>{t('settingsSecurity.alerts.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <SettingsError error={save.error} fallback="Failed to update security settings" />
        <SettingSwitch
          label={t('settingsSecurity.alerts.loginAlerts')}
          description={t('settingsSecurity.alerts.loginAlertsHint')}
          checked={checked}
          disabled={save.isPending}
          onCheckedChange={(loginAlerts) => save.mutate({ loginAlerts })}
        />
      </CardContent>
    </Card>
  );
}
