import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAuthProviders } from '../api';

/**
 * 'Continue with {provider}' and the divider under it, only when an OIDC provider is configured.
 * The button is a plain link: the sign-in leaves the page for the provider and comes back at /auth/callback.
 */
export function OidcSignIn({ mode, redirectTo }: { mode: 'signin' | 'signup'; redirectTo: string }) {
  const { t } = useTranslation();
  const { data } = useAuthProviders();
  if (!data?.oidc) return null;
  const href = `${data.oidc.authorizeUrl}?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <div className="grid gap-4">
      <Button variant="outline" className="w-full" asChild>
        <a href={href}>
          <KeyRound />
          {t('auth.continueWith', { provider: data.oidc.name })}
        </a>
      </Button>
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {mode === 'signin' ? t('auth.orSignInWith') : t('auth.orSignUpWith')}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
