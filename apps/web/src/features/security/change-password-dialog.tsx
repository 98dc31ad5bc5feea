import { CheckCircle2, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_FAILURES, SETTINGS_MESSAGES } from '@app/shared/settings/messages';
import { canSubmitPasswordChange } from '@app/shared/security/schemas';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { PasswordStrengthMeter } from '@/features/auth/components/password-strength-meter';
import { translateMessage } from '@/lib/messages';
import { SettingsError } from '@/components/settings/settings-error';
import { PasswordInput } from './password-input';
import { useChangePassword, useTerminateAllSessions } from './security-api';
import './texts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The Change Password dialog (§5): Submit only when every field is filled, the new password has 8
 * characters with an upper-case letter, a lower-case letter and a number, and the confirmation
 * matches. After a change it offers to sign out the other sessions.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  hasPassword,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  hasPassword: boolean;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const change = useChangePassword();
  const signOutOthers = useTerminateAllSessions();
  const mismatch = values.confirmPassword.length > 0 && values.confirmPassword !== values.newPassword;
  const canSubmit = canSubmitPasswordChange(values, hasPassword) && !change.isPending;

  function close(next: boolean) {
    if (!next) {
      setValues(EMPTY);
      change.reset();
      signOutOthers.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    change.mutate(hasPassword ? values : { newPassword: values.newPassword, confirmPassword: values.confirmPassword });
  }

  const set = (key: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{hasPassword ? t('settingsSecurity.password.changeTitle') : t('settingsSecurity.password.setTitle')}</DialogTitle>
          <DialogDescription>{t('settingsSecurity.password.dialogDescription')}</DialogDescription>
        </DialogHeader>
        {change.isSuccess ? (
          <div className="grid gap-4" role="status">
            <p className="flex items-center gap-2 font-medium">
              <CheckCircle2 className="size-5 text-success" aria-hidden />
              {t('settingsSecurity.password.changed')}
            </p>
            {change.data.otherSessions > 0 && !signOutOthers.isSuccess ? (
              <>
                <p className="text-sm text-muted-foreground">
                  {t('settingsSecurity.password.otherSessions', { count: change.data.otherSessions })}
                </p>
                <SettingsError error={signOutOthers.error} fallback={SETTINGS_FAILURES.terminateAllSessions} />
                <Button onClick={() => signOutOthers.mutate()} disabled={signOutOthers.isPending}>
                  {signOutOthers.isPending ? <Loader2 className="animate-spin" /> : null}
                  {t('settingsSecurity.password.signOutOthers')}
                </Button>
              </>
            ) : null}
            {signOutOthers.isSuccess ? (
              <p className="text-sm text-muted-foreground">
                {t('settingsSecurity.sessions.signedOutOthers', { count: signOutOthers.data.revoked })}
              </p>
            ) : null}
            <Button variant="outline" onClick={() => close(false)}>
              {t('settingsSecurity.done')}
            </Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <SettingsError error={change.error} fallback={SETTINGS_FAILURES.changePassword} />
            {hasPassword ? (
              <PasswordInput
                label={t('settingsSecurity.password.current')}
                value={values.currentPassword}
                onChange={set('currentPassword')}
                autoComplete="current-password"
              />
            ) : null}
            <div className="grid gap-2">
              <PasswordInput
                label={t('settingsSecurity.password.new')}
                value={values.newPassword}
                onChange={set('newPassword')}
                autoComplete="new-password"
              />
              <PasswordStrengthMeter password={values.newPassword} />
            </div>
            <PasswordInput
              label={t('settingsSecurity.password.confirm')}
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
              autoComplete="new-password"
              error={mismatch ? translateMessage(SETTINGS_MESSAGES.passwordsDoNotMatch) : null}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => close(false)} disabled={change.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={!canSubmit}>
                {change.isPending ? <Loader2 className="animate-spin" /> : null}
                {change.isPending
                  ? t('settingsSecurity.saving')
                  : hasPassword
                    ? t('settingsSecurity.password.submit')
                    : t('settingsSecurity.password.setSubmit')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
