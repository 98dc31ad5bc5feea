import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { isTwoFactorChallenge, ZLoginBody, type LoginBody } from '@app/shared/auth/schemas';
import type { TwoFactorChallenge } from '@app/shared/security/schemas';
import { FormField } from '@/components/form-field';
import { Alert } from '@/components/ui/alert';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { login } from '../api';
import { startSession } from '../session';
import { tooManyAttemptsText } from '../too-many-attempts';
import { OidcSignIn } from './oidc-sign-in';
import { TwoFactorStep } from './two-factor-step';
import { EmailField, SubmitButton } from './auth-fields';
import '../texts';

/**
 * Email and password sign-in, then the second step when the account has two-factor on;
 * `onSignedIn` decides where the user goes next.
 */
export function LoginForm({
  onSignedIn,
  redirectTo,
  onLeave,
}: {
  onSignedIn: () => void;
  redirectTo: string;
  /** Called when a link of the form leaves for another page (the modal closes). */
  onLeave?: () => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(ZLoginBody), defaultValues: { email: '', password: '' } });
  const typedEmail = useWatch({ control, name: 'email' });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await login(values);
      if (isTwoFactorChallenge(answer)) {
        setChallenge(answer);
        return;
      }
      startSession(answer);
      onSignedIn();
    } catch (err) {
      if (err instanceof ApiRequestError && err.field && (err.field === 'email' || err.field === 'password')) {
        setError(err.field, { message: err.message });
      } else if (err instanceof ApiRequestError && err.status === 429) {
        setFormError(tooManyAttemptsText(t, 'auth.errors.tooManyAttempts', err.retryAfterSeconds));
      } else {
        setFormError(err instanceof ApiRequestError ? translateMessage(err.message) : t('errors.unknown'));
      }
    }
  });

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={onSignedIn}
        onRestart={() => {
          setChallenge(null);
          resetField('password');
        }}
      />
    );
  }

  return (
    <div className="grid gap-4">
      <OidcSignIn mode="signin" redirectTo={redirectTo} />
      <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={t('auth.signIn')}>
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <EmailField label={t('auth.email')} registration={register('email')} error={errors.email?.message} />
        <FormField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
          aside={
            <Link
              to={ROUTES.forgotPassword}
              // The typed address goes along in the router's state, never in the URL.
              state={{ email: typedEmail }}
              onClick={onLeave}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('passwordReset.forgotLink')}
            </Link>
          }
        />
        <SubmitButton busy={isSubmitting}>{isSubmitting ? t('auth.signingIn') : t('auth.signIn')}</SubmitButton>
      </form>
    </div>
  );
}
