import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorMethod } from '@app/shared/settings/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SettingsError } from '@/components/settings/settings-error';
import { BackupCodesList } from './backup-codes-list';
import { CodeInput, isSixDigits } from './code-input';
import { SendCodeLine } from './disable-two-factor-dialog';
import { useRegenerateBackupCodes } from './security-api';
import './texts';

/** The backup-codes dialog: how many are left, and ten new ones (the old ones void) for a current code. */
export function BackupCodesDialog({
  open,
  onOpenChange,
  method,
  remaining,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  method: TwoFactorMethod;
  remaining: number;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const regenerate = useRegenerateBackupCodes();

  function close(next: boolean) {
    if (!next) {
      setCode('');
      regenerate.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isSixDigits(code)) regenerate.mutate(code);
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('settingsSecurity.backup.title')}</DialogTitle>
          <DialogDescription>{t('settingsSecurity.backup.remaining', { count: remaining })}</DialogDescription>
        </DialogHeader>
        {regenerate.isSuccess ? (
          <div className="grid gap-4">
            <BackupCodesList codes={regenerate.data.backupCodes} />
            <Button onClick={() => close(false)}>{t('settingsSecurity.done')}</Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <p className="text-sm text-muted-foreground">{t('settingsSecurity.backup.regenerateHint')}</p>
            <SettingsError error={regenerate.error} fallback="Failed to create new backup codes" />
            <SendCodeLine method={method} />
            <CodeInput label={t('settingsSecurity.twoFactor.codeLabel')} value={code} onChange={setCode} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => close(false)} disabled={regenerate.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={!isSixDigits(code) || regenerate.isPending}>
                {regenerate.isPending ? <Loader2 className="animate-spin" /> : null}
                {t('settingsSecurity.backup.regenerate')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
