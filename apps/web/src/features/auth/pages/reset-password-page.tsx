import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ROUTES } from '@app/shared/app/routes';
import { ZNewPassword } from '@app/shared/auth/schemas';
import { ERROR_CODES } from '@app/shared/http/errors';
import { SETTINGS_MESSAGES } from '@app/shared/settings/messages';
import { FormField } from '@/components/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { resetPassword } from '../api';
import { endSession } from '../session';
import { useAuthStore } from '../store';
import { AuthPageShell } from './auth-page-shell';
import { NewPasswordField, SubmitButton } from '../components/auth-fields';
import '../texts';

const ZNewPasswordForm = z
  .object({ password: ZNewPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: SETTINGS_MESSAGES.passwordsDoNotMatch });
type NewPasswordForm = z.input<typeof ZNewPasswordForm>;

/**
 * /reset-password?token=…: the link of the reset mail. A new password (the signup's rules and
 * strength meter) twice; then every session of the account has ended, and the user signs in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<NewPasswordForm>({ resolver: zodResolver(ZNewPasswordForm), defaultValues: { password: '', confirm: '' } });
  const password = useWatch({ control, name: 'password' });
  const save = useMutation({
    mutationFn: (password: string) => resetPassword({ token, password }),
    // The server ended this browser's session too.
    onSuccess: () => (signedIn ? endSession() : undefined),
  });
  const onSubmit = handleSubmit((values) => save.mutate(values.password));
  const badLink = !token || (save.error instanceof ApiRequestError && save.error.code === ERROR_CODES.INVALID_TOKEN);

  if (save.isSuccess) {
    return (
      <AuthPageShell title={t('passwordReset.doneTitle')}>
        <Alert variant="success">
          <CheckCircle2 />
          <span>{t('passwordReset.doneText')}</span>
        </Alert>
        <Button asChild>
          <Link to={ROUTES.login}>{t('auth.signIn')}</Link>
        </Button>
      </AuthPageShell>
    );
  }
  if (badLink) {
    return (
      <AuthPageShell title={t('passwordReset.badLinkTitle')}>
        {/* Not the destructive colours: their red on the dark card is below AA contrast (axe). */}
        <Alert>
          <KeyRound />
          <span>{t('passwordReset.badLinkText')}</span>
        </Alert>
        <Button asChild>
          <Link to={ROUTES.forgotPassword}>{t('passwordReset.getNewLink')}</Link>
        </Button>
      </AuthPageShell>
    );
  }
  return (
    <AuthPageShell title={t('passwordReset.resetTitle')} description={t('passwordReset.resetSubtitle')}>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={t('passwordReset.resetTitle')}>
        {save.error ? (
          <Alert variant="destructive">
            {save.error instanceof ApiRequestError ? translateMessage(save.error.message) : t('errors.unknown')}
          </Alert>
        ) : null}
        <NewPasswordField
          label={t('passwordReset.newPassword')}
          registration={register('password')}
          error={errors.password?.message}
          password={password}
        />
        <FormField
          label={t('passwordReset.confirmPassword')}
          type="password"
          autoComplete="new-password"
          registration={register('confirm')}
          error={errors.confirm?.message}
        />
        <SubmitButton busy={save.isPending}>{t('passwordReset.save')}</SubmitButton>
      </form>
    </AuthPageShell>
  );
}
