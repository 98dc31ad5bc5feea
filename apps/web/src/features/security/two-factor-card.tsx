import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_MESSAGES } from '@app/shared/settings/messages';
import type { SecuritySettings } from '@app/shared/security/schemas';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { translateMessage } from '@/lib/messages';
import { BackupCodesDialog } from './backup-codes-dialog';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog';
import { EnableTwoFactorDialog } from './enable-two-factor-dialog';
import './texts';

type OpenDialog = 'enable' | 'disable' | 'backup' | null;

/** The Two-Factor Authentication card: its state and method, and the enable, disable and backup-codes dialogs. */
export function TwoFactorCard({ settings }: { settings: SecuritySettings }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const onOpenChange = (open: boolean) => !open && setDialog(null);
  const method = settings.twoFactorMethod;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden />
          {t('settingsSecurity.twoFactor.title')}
          <Badge variant={settings.twoFactorEnabled ? 'default' : 'secondary'}>
            {settings.twoFactorEnabled ? t('settingsSecurity.twoFactor.on') : t('settingsSecurity.twoFactor.off')}
          </Badge>
        </CardTitle>
        <CardDescription>
          {settings.twoFactorEnabled && method
            ? t('settingsSecurity.twoFactor.enabledWith', { method: t(`settingsSecurity.twoFactor.methods.${method}`) })
            : t('settingsSecurity.twoFactor.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!settings.twoFactorEnabled ? (
          <Alert className="border-warning/50">
            <AlertTriangle className="text-warning" />
            <span>{translateMessage(SETTINGS_MESSAGES.recommend2fa)}</span>
          </Alert>
        ) : (
          <p className="text-sm text-muted-foreground">
            {t('settingsSecurity.backup.remaining', { count: settings.backupCodesRemaining })}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {settings.twoFactorEnabled ? (
            <>
              <Button variant="outline" onClick={() => setDialog('backup')}>
                {t('settingsSecurity.backup.open')}
              </Button>
              <Button variant="destructive" onClick={() => setDialog('disable')}>
                {t('settingsSecurity.twoFactor.disable')}
              </Button>
            </>
          ) : (
            <Button onClick={() => setDialog('enable')}>{t('settingsSecurity.twoFactor.enable')}</Button>
          )}
        </div>
        <EnableTwoFactorDialog open={dialog === 'enable'} onOpenChange={onOpenChange} />
        {method ? (
          <>
            <DisableTwoFactorDialog open={dialog === 'disable'} onOpenChange={onOpenChange} method={method} />
            <BackupCodesDialog
              open={dialog === 'backup'}
              onOpenChange={onOpenChange}
              method={method}
              remaining={settings.backupCodesRemaining}
            />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
