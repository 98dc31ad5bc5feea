import { KeyRound, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '@app/shared/auth/schemas';
import { SECURITY_ERROR_CODES, ZLoginCode, type TwoFactorChallenge } from '@app/shared/security/schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { loginTwoFactor } from '../api';
import { startSession } from '../session';
import { tooManyAttemptsText } from '../too-many-attempts';
import '../texts';

/**
 * The sign-in's second step (login page, Sign In modal, OIDC callback): the 6-digit code of the
 * authenticator app, or the one sent by email or sms, or a backup code. An expired challenge
 * sends the user back to the first step.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: Pick<TwoFactorChallenge, 'challengeToken' | 'method' | 'codeSentTo'>;
  onSignedIn(session: Session): void;
  onRestart(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [pending, setPending] = useState(false);

  const prompt = backup
    ? t('authTwoFactor.backupPrompt')
    : challenge.method === 'app'
      ? t('authTwoFactor.appPrompt')
      : t('authTwoFactor.sentPrompt', { to: challenge.codeSentTo ?? '' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZLoginCode.safeParse(code);
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    setPending(true);
    try {
      const session = await loginTwoFactor({ challengeToken: challenge.challengeToken, code });
      startSession(session);
      onSignedIn(session);
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === SECURITY_ERROR_CODES.CHALLENGE_EXPIRED) setExpired(true);
      if (err instanceof ApiRequestError && err.status === 429) {
        setError(tooManyAttemptsText(t, 'auth.errors.tooManyAttempts', err.retryAfterSeconds));
      } else {
        setError(err instanceof ApiRequestError ? translateMessage(err.message) : t('errors.unknown'));
      }
      setCode('');
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label={t('authTwoFactor.title')}>
      <div className="flex items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="grid gap-1">
          <h3 className="font-semibold">{t('authTwoFactor.title')}</h3>
          <p className="text-sm text-muted-foreground">{prompt}</p>
        </div>
      </div>
      {error ? (
        <Alert variant="destructive" role="alert">
          {error}
        </Alert>
      ) : null}
      {expired ? (
        <Button type="button" onClick={onRestart}>
          {t('authTwoFactor.startOver')}
        </Button>
      ) : (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor={id}>{backup ? t('authTwoFactor.backupLabel') : t('authTwoFactor.codeLabel')}</Label>
            <Input
              id={id}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode={backup ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              autoFocus
              maxLength={backup ? 11 : 6}
              placeholder={backup ? 'XXXXX-XXXXX' : '123456'}
              className="font-mono tracking-widest"
              aria-invalid={error ? true : undefined}
            />
          </div>
          <Button type="submit" className="w-full" disabled={pending || code.trim().length === 0}>
            {pending ? <Loader2 className="animate-spin" /> : null}
            {pending ? t('authTwoFactor.verifying') : t('authTwoFactor.verify')}
          </Button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <button
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => {
                setBackup(!backup);
                setCode('');
                setError(null);
              }}
            >
              {backup ? t('authTwoFactor.useCode') : t('authTwoFactor.useBackup')}
            </button>
            <button type="button" className="text-muted-foreground underline-offset-4 hover:underline" onClick={onRestart}>
              {t('authTwoFactor.back')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
