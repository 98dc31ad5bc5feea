import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { ZForgotPasswordBody, type ForgotPasswordBody } from '@app/shared/auth/schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { forgotPassword } from '../api';
import { AuthPageShell } from './auth-page-shell';
import { tooManyAttemptsText } from '../too-many-attempts';
import { EmailField, SubmitButton } from '../components/auth-fields';
import '../texts';

/**
 * /forgot-password: an address, then "if an account exists, we sent a link" (the server answers
 * the same either way). The sign-in form hands over the email it had (router state, not the URL).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const typed = (location.state as { email?: unknown } | null)?.email;
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(ZForgotPasswordBody),
    defaultValues: { email: typeof typed === 'string' ? typed : '' },
  });
  const ask = useMutation({ mutationFn: forgotPassword });
  const onSubmit = handleSubmit((values) => ask.mutate(values));
  const backToSignIn = (
    <Link className="font-medium text-primary underline-offset-4 hover:underline" to={ROUTES.login}>
      {t('auth.backToSignIn')}
    </Link>
  );

  if (ask.isSuccess) {
    return (
      <AuthPageShell title={t('passwordReset.sentTitle')} footer={backToSignIn}>
        <Alert variant="success" data-testid="reset-link-sent">
          <MailCheck />
          <span>{t('passwordReset.sentText', { email: getValues('email') })}</span>
        </Alert>
        <p className="text-center text-sm text-muted-foreground">{t('passwordReset.sentHint')}</p>
        <Button variant="outline" onClick={() => ask.reset()}>
          {t('passwordReset.tryAnother')}
        </Button>
      </AuthPageShell>
    );
  }

  const error = ask.error;
  return (
    <AuthPageShell title={t('passwordReset.forgotTitle')} description={t('passwordReset.forgotSubtitle')} footer={backToSignIn}>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={t('passwordReset.forgotTitle')}>
        {error ? (
          <Alert variant="destructive">
            {error instanceof ApiRequestError && error.status === 429
              ? tooManyAttemptsText(t, 'passwordReset.tooManyRequests', error.retryAfterSeconds)
              : error instanceof ApiRequestError
                ? translateMessage(error.message)
                : t('errors.unknown')}
          </Alert>
        ) : null}
        <EmailField label={t('auth.email')} registration={register('email')} error={errors.email?.message} />
        <SubmitButton busy={ask.isPending}>{t('passwordReset.sendLink')}</SubmitButton>
      </form>
    </AuthPageShell>
  );
}
