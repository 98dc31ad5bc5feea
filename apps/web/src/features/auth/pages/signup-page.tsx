import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { APP_NAME } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import { REFERRAL_CODE_PATTERN } from '@app/shared/auth/schemas';
import { SignupForm } from '../components/signup-form';
import { useAuthStore } from '../store';
import { forgetReferralCode, useReferralInvite } from '../use-referral-invite';
import { useRedirectTarget } from '../use-redirect-target';
import { AuthPageShell } from './auth-page-shell';

export function SignupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { target, go } = useRedirectTarget();
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated && !s.isLoading);
  // The referral link is {origin}/signup?ref={code}; a code of the wrong shape is ignored.
  const ref = params.get('ref')?.toUpperCase();
  const invite = useReferralInvite(ref && REFERRAL_CODE_PATTERN.test(ref) ? ref : undefined);
  if (isAuthenticated) return <Navigate to={target} replace />;
  return (
    <AuthPageShell
      title={t('auth.joinTitle', { app: APP_NAME })}
      description={t('auth.signUpSubtitle')}
      footer={
        <>
          {t('auth.haveAccount')}{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to={ROUTES.login}>
            {t('auth.signIn')}
          </Link>
        </>
      }
    >
      <SignupForm
        onSignedUp={() => {
          forgetReferralCode();
          go();
        }}
        redirectTo={target}
        referralCode={invite.code}
        invitedBy={invite.invitedBy}
      />
    </AuthPageShell>
  );
}
