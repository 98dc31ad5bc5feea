import { Loader2, Mail, MessageSquare, Smartphone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_FAILURES, TWO_FACTOR_METHODS, type TwoFactorMethod } from '@app/shared/settings/messages';
import { ZTwoFactorSetupBody, type TwoFactorSetupAnswer } from '@app/shared/security/schemas';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import { SettingsError } from '@/components/settings/settings-error';
import { BackupCodesList } from './backup-codes-list';
import { CodeInput, isSixDigits } from './code-input';
import { useSendCode, useSetupTwoFactor, useVerifyTwoFactor } from './security-api';
import './texts';

const METHOD_ICONS = { app: Smartphone, sms: MessageSquare, email: Mail } as const;

/**
 * Turning two-factor on: choose the method (a phone number for sms), scan the QR code or receive
 * a code, confirm with a first good code, then keep the ten backup codes shown this once. Turning
 * it on ends every other session (the server does it), which the dialog says before.
 */
export function EnableTwoFactorDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const phoneId = useId();
  const [method, setMethod] = useState<TwoFactorMethod>('app');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [setupAnswer, setSetupAnswer] = useState<TwoFactorSetupAnswer | null>(null);
  const [code, setCode] = useState('');
  const setup = useSetupTwoFactor();
  const verify = useVerifyTwoFactor();
  const resend = useSendCode();

  function close(next: boolean) {
    if (!next) {
      setMethod('app');
      setPhone('');
      setPhoneError(null);
      setSetupAnswer(null);
      setCode('');
      setup.reset();
      verify.reset();
      resend.reset();
    }
    onOpenChange(next);
  }

  function start(event: FormEvent) {
    event.preventDefault();
    const parsed = ZTwoFactorSetupBody.safeParse({ method, phone: method === 'sms' ? phone : undefined });
    if (!parsed.success) {
      setPhoneError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setPhoneError(null);
    setup.mutate(parsed.data.phone ? { method, phone: parsed.data.phone } : { method }, { onSuccess: setSetupAnswer });
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (isSixDigits(code)) verify.mutate(code);
  }

  const step = verify.isSuccess ? 'backup' : setupAnswer ? 'verify' : 'method';

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('settingsSecurity.twoFactor.enableTitle')}</DialogTitle>
          <DialogDescription>{t(`settingsSecurity.twoFactor.steps.${step}`)}</DialogDescription>
        </DialogHeader>

        {step !== 'backup' ? (
          <p className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm" role="note">
            {t('settingsSecurity.twoFactor.signsOutOthers')}
          </p>
        ) : null}

        {step === 'method' ? (
          <form className="grid gap-4" onSubmit={start} noValidate>
            <SettingsError error={setup.error} fallback={SETTINGS_FAILURES.setup2fa} />
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{t('settingsSecurity.twoFactor.method')}</legend>
              {TWO_FACTOR_METHODS.map((m) => {
                const Icon = METHOD_ICONS[m];
                return (
                  <label
                    key={m}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-md border p-3 focus-within:ring-2 focus-within:ring-ring',
                      method === m && 'border-primary bg-primary/5',
                    )}
                  >
                    <input
                      type="radio"
                      name="two-factor-method"
                      value={m}
                      checked={method === m}
                      onChange={() => setMethod(m)}
                      className="mt-1 accent-primary"
                    />
                    <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="grid gap-0.5">
                      <span className="text-sm font-medium">{t(`settingsSecurity.twoFactor.methods.${m}`)}</span>
                      <span className="text-sm text-muted-foreground">{t(`settingsSecurity.twoFactor.methodHints.${m}`)}</span>
                    </span>
                  </label>
                );
              })}
            </fieldset>
            {method === 'sms' ? (
              <div className="grid gap-1.5">
                <Label htmlFor={phoneId}>{t('settingsSecurity.twoFactor.phone')}</Label>
                <Input
                  id={phoneId}
                  type="tel"
                  autoComplete="tel"
                  placeholder="+15551234567"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  aria-invalid={phoneError ? true : undefined}
                  aria-describedby={phoneError ? `${phoneId}-error` : undefined}
                />
                {phoneError ? (
                  <p id={`${phoneId}-error`} className="text-sm text-destructive">
                    {phoneError}
                  </p>
                ) : null}
              </div>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => close(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={setup.isPending}>
                {setup.isPending ? <Loader2 className="animate-spin" /> : null}
                {t('settingsSecurity.continue')}
              </Button>
            </div>
          </form>
        ) : null}

        {step === 'verify' && setupAnswer ? (
          <form className="grid gap-4" onSubmit={confirm} noValidate>
            {setupAnswer.method === 'app' ? (
              <div className="grid justify-items-center gap-3">
                <img
                  src={setupAnswer.qrCode}
                  alt={t('settingsSecurity.twoFactor.qrAlt')}
                  width={200}
                  height={200}
                  className="rounded-md bg-white p-2"
                />
                <p className="text-center text-sm text-muted-foreground">{t('settingsSecurity.twoFactor.secretHint')}</p>
                <code className="break-all rounded bg-muted px-2 py-1 text-center font-mono text-sm" data-testid="totp-secret">
                  {setupAnswer.secret}
                </code>
              </div>
            ) : (
              <div className="grid gap-2 text-sm">
                <p>{t('settingsSecurity.twoFactor.codeSent', { to: setupAnswer.codeSentTo ?? '' })}</p>
                <SettingsError error={resend.error} fallback={SETTINGS_FAILURES.setup2fa} />
                <Button variant="link" className="justify-self-start px-0" onClick={() => resend.mutate()} disabled={resend.isPending}>
                  {resend.isSuccess ? t('settingsSecurity.twoFactor.resent') : t('settingsSecurity.twoFactor.resend')}
                </Button>
              </div>
            )}
            <SettingsError error={verify.error} fallback={SETTINGS_FAILURES.setup2fa} />
            <CodeInput label={t('settingsSecurity.twoFactor.codeLabel')} value={code} onChange={setCode} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => close(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={!isSixDigits(code) || verify.isPending}>
                {verify.isPending ? <Loader2 className="animate-spin" /> : null}
                {t('settingsSecurity.twoFactor.verifyEnable')}
              </Button>
            </div>
          </form>
        ) : null}

        {step === 'backup' && setupAnswer ? (
          <div className="grid gap-4">
            <BackupCodesList codes={setupAnswer.backupCodes} />
            <Button onClick={() => close(false)}>{t('settingsSecurity.done')}</Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
