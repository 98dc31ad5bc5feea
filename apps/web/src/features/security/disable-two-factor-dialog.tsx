import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_FAILURES, type TwoFactorMethod } from '@app/shared/settings/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SettingsError } from '@/components/settings/settings-error';
import { CodeInput, isSixDigits } from './code-input';
import { useDisableTwoFactor, useSendCode } from './security-api';
import './texts';

/** A "send me a code" line for the email and sms methods, whose codes come only when asked for. */
export function SendCodeLine({ method }: { method: TwoFactorMethod }) {
  const { t } = useTranslation();
  const send = useSendCode();
  if (method === 'app') return <p className="text-sm text-muted-foreground">{t('settingsSecurity.twoFactor.appCodeHint')}</p>;
  return (
    <div className="grid gap-2 text-sm">
      <SettingsError error={send.error} fallback="Failed to send the code" />
      {send.isSuccess ? <p role="status">{t('settingsSecurity.twoFactor.codeSent', { to: send.data.sentTo })}</p> : null}
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? <Loader2 className="animate-spin" /> : null}
        {send.isSuccess ? t('settingsSecurity.twoFactor.resend') : t('settingsSecurity.twoFactor.sendCode')}
      </Button>
    </div>
  );
}

/** Turning two-factor off: a current code is required (at most 6 characters, §5). */
export function DisableTwoFactorDialog({
  open,
  onOpenChange,
  method,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  method: TwoFactorMethod;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const disable = useDisableTwoFactor();

  function close(next: boolean) {
    if (!next) {
      setCode('');
      disable.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isSixDigits(code)) disable.mutate(code, { onSuccess: () => close(false) });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('settingsSecurity.twoFactor.disableTitle')}</DialogTitle>
          <DialogDescription>{t('settingsSecurity.twoFactor.disableDescription')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <SettingsError error={disable.error} fallback={SETTINGS_FAILURES.disable2fa} />
          <SendCodeLine method={method} />
          <CodeInput label={t('settingsSecurity.twoFactor.codeLabel')} value={code} onChange={setCode} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => close(false)} disabled={disable.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={!isSixDigits(code) || disable.isPending}>
              {disable.isPending ? <Loader2 className="animate-spin" /> : null}
              {t('settingsSecurity.twoFactor.disable')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
