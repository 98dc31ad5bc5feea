import { zodResolver } from '@hookform/resolvers/zod';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LANGUAGES } from '@app/shared/app/constants';
import { ZSignupBody, type SignupBody } from '@app/shared/auth/schemas';
import { FormField } from '@/components/form-field';
import { Alert } from '@/components/ui/alert';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { signup } from '../api';
import { startSession } from '../session';
import { OidcSignIn } from './oidc-sign-in';
import { EmailField, NewPasswordField, SubmitButton } from './auth-fields';

const FIELDS = ['email', 'username', 'password', 'displayName'] as const;

/** Account creation with the shared schema (the server checks the same one) and the strength meter. */
export function SignupForm({
  onSignedUp,
  redirectTo,
  referralCode,
  invitedBy,
}: {
  onSignedUp: () => void;
  redirectTo: string;
  referralCode?: string;
  /** The display name of the code's owner, once the code is known to be valid. */
  invitedBy?: string;
}) {
  const { t, i18n } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignupBody>({
    resolver: zodResolver(ZSignupBody),
    defaultValues: { email: '', username: '', password: '', displayName: undefined, ref: referralCode },
  });
  const password = watch('password');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      // The address check is written in the page's language (the account takes it at its first sign-in).
      const language = LANGUAGES.find((l) => l === i18n.language);
      startSession(await signup({ ...values, ref: referralCode, displayName: values.displayName?.trim() || undefined, language }));
      toast.success(t('auth.welcomeCheckEmail'));
      onSignedUp();
    } catch (err) {
      const field = err instanceof ApiRequestError ? FIELDS.find((f) => f === err.field) : undefined;
      if (field && err instanceof ApiRequestError) setError(field, { message: err.message });
      else if (err instanceof ApiRequestError && err.status === 429) setFormError(translateMessage(err.message));
      else setFormError(err instanceof ApiRequestError ? translateMessage(err.message) : t('errors.unknown'));
    }
  });

  return (
    <div className="grid gap-4">
      <OidcSignIn mode="signup" redirectTo={redirectTo} />
      <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={t('auth.createAccount')}>
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        {referralCode ? (
          <Alert>
            <Gift />
            <span data-testid="referral-invite">
              {invitedBy ? t('auth.invitedBy', { displayName: invitedBy }) : t('auth.referralApplied', { code: referralCode })}
            </span>
          </Alert>
        ) : null}
        <EmailField label={t('auth.email')} registration={register('email')} error={errors.email?.message} />
        <FormField
          label={t('auth.username')}
          autoComplete="username"
          registration={register('username')}
          error={errors.username?.message}
          hint={t('auth.usernameHint')}
        />
        <FormField
          label={t('auth.displayNameOptional')}
          autoComplete="name"
          registration={register('displayName', { setValueAs: (v: string) => (v?.trim() ? v : undefined) })}
          error={errors.displayName?.message}
        />
        <NewPasswordField
          label={t('auth.password')}
          registration={register('password')}
          error={errors.password?.message}
          password={password}
        />
        <SubmitButton busy={isSubmitting}>{isSubmitting ? t('auth.creatingAccount') : t('auth.createAccount')}</SubmitButton>
      </form>
    </div>
  );
}
