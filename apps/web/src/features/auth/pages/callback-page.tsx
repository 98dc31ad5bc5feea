import { AlertCircle, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TwoFactorChallenge } from '@app/shared/security/schemas';
import { ROUTES, safeRedirectPath } from '@app/shared/app/routes';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { finishOidc, useAuthProviders } from '../api';
import { TwoFactorStep } from '../components/two-factor-step';
import { startSession } from '../session';
import { useAuthStore } from '../store';
import { AuthPageShell } from './auth-page-shell';

/** /auth/callback: where the OIDC provider sends the user back; finishes the sign-in on the server. */
export function CallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const providers = useAuthProviders();
  const provider = providers.data?.oidc?.name ?? t('auth.provider');
  // An error answer of the provider (or a visit without a code) is known from the address alone.
  const [error, setError] = useState<string | null>(() => {
    const params = new URLSearchParams(window.location.search);
    const providerError = params.get('error_description') ?? params.get('error');
    if (providerError) return providerError;
    return params.get('code') ? null : t('auth.errors.oauthFailedGeneric');
  });
  // An account with two-factor on: the provider was the first step, the code is the second.
  // Someone already signed in who comes back from the provider is connecting it in the settings.
  const [linking] = useState(() => useAuthStore.getState().isAuthenticated);
  const busyTitle = linking ? t('auth.connectingWith', { provider }) : t('auth.signingInWith', { provider });
  const [challenge, setChallenge] = useState<(TwoFactorChallenge & { redirectTo: string }) | null>(null);
  // The code can be used once: React's development double effects must not send it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || error) return;
    started.current = true;
    finishOidc(window.location.search)
      .then((answer) => {
        if ('twoFactorRequired' in answer) {
          setChallenge(answer);
          return;
        }
        // A provider account linked from the settings: the session in hand stays as it is.
        if (!('linked' in answer)) startSession(answer);
        void navigate(safeRedirectPath(answer.redirectTo), { replace: true });
      })
      .catch((err: unknown) => setError(err instanceof ApiRequestError ? translateMessage(err.message) : t('errors.unknown')));
  }, [navigate, t, error]);

  if (challenge) {
    return (
      <AuthPageShell title={t('auth.signingInWith', { provider })}>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={() => void navigate(safeRedirectPath(challenge.redirectTo), { replace: true })}
          onRestart={() => void navigate(ROUTES.login, { replace: true })}
        />
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell title={error ? t('auth.errors.oauthFailed', { provider }) : busyTitle}>
      {error ? (
        <>
          <Alert variant="destructive">
            <AlertCircle />
            <span data-testid="oauth-error">{error}</span>
          </Alert>
          <Button asChild>
            <Link to={ROUTES.login}>{t('auth.backToSignIn')}</Link>
          </Button>
        </>
      ) : (
        <div className="flex items-center justify-center gap-2 py-6 text-muted-foreground" role="status">
          <Loader2 className="size-5 animate-spin" />
          {t('common.loading')}
        </div>
      )}
    </AuthPageShell>
  );
}
