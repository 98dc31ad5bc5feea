import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { LoginForm } from '../components/login-form';
import { useAuthStore } from '../store';
import { useRedirectTarget } from '../use-redirect-target';
import { AuthPageShell } from './auth-page-shell';

export function LoginPage() {
  const { t } = useTranslation();
  const { target, go } = useRedirectTarget();
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated && !s.isLoading);
  if (isAuthenticated) return <Navigate to={target} replace />;
  const signupHref = target === ROUTES.home ? ROUTES.signup : `${ROUTES.signup}?redirect=${encodeURIComponent(target)}`;
  return (
    <AuthPageShell
      title={t('auth.welcomeBack')}
      description={t('auth.signInSubtitle')}
      footer={
        <>
          {t('auth.noAccount')}{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to={signupHref}>
            {t('auth.createAccount')}
          </Link>
        </>
      }
    >
      <LoginForm onSignedIn={go} redirectTo={target} />
    </AuthPageShell>
  );
}
