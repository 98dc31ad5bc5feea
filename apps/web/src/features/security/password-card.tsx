import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecuritySettings } from '@app/shared/security/schemas';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChangePasswordDialog } from './change-password-dialog';
import './texts';

/** The Password card: when the password was last set, and the Change Password dialog. */
export function PasswordCard({ settings }: { settings: SecuritySettings }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const changed = settings.passwordLastChanged
    ? new Date(settings.passwordLastChanged).toLocaleDateString(i18n.language, { dateStyle: 'long' })
    : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden />
          {t('settingsSecurity.password.title')}
        </CardTitle>
        <CardDescription>
          {changed ? t('settingsSecurity.password.lastChanged', { date: changed }) : t('settingsSecurity.password.none')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          {settings.hasPassword ? t('settingsSecurity.password.change') : t('settingsSecurity.password.set')}
        </Button>
        <ChangePasswordDialog open={open} onOpenChange={setOpen} hasPassword={settings.hasPassword} />
      </CardContent>
    </Card>
  );
}
