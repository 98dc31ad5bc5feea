import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Inbox, Loader2, MailWarning } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { useAppInfo } from '@/lib/app-info';
import { translateMessage } from '@/lib/messages';
import { resendVerification, verifyEmail } from '../api';
import { refreshSession } from '../session';
import { useAuthStore, useCurrentUser } from '../store';
import { AuthPageShell } from './auth-page-shell';
import '../texts';

/**
 * /verify-email: with ?token= it confirms the address (the link from the email); without, it
 * asks the signed-in user to check their inbox and offers a new link (route guard target, spec §5).
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ConfirmToken token={token} /> : <CheckInbox />;
}

function ConfirmToken({ token }: { token: string }) {
  const { t } = useTranslation();
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const confirm = useMutation({
    mutationFn: () => verifyEmail(token),
    // The session's user now has a verified email: fetch it so the interface follows.
    onSuccess: () => (isAuthenticated ? refreshSession() : undefined),
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate();
  }, [confirm]);

  if (confirm.isSuccess) {
    return (
      <AuthPageShell title={t('verify.doneTitle')}>
        <Alert variant="success">
          <CheckCircle2 />
          <span>{t('verify.doneText', { email: confirm.data.email })}</span>
        </Alert>
        <Button asChild>
          <Link to={isAuthenticated ? ROUTES.home : ROUTES.login}>{isAuthenticated ? t('verify.continue') : t('auth.signIn')}</Link>
        </Button>
      </AuthPageShell>
    );
  }
  if (confirm.isError) {
    return (
      <AuthPageShell title={t('verify.failedTitle')}>
        <Alert variant="destructive">
          <MailWarning />
          <span>{confirm.error instanceof ApiRequestError ? translateMessage(confirm.error.message) : t('errors.unknown')}</span>
        </Alert>
        <Button asChild variant="outline">
          <Link to={ROUTES.verifyEmail}>{t('verify.getNewLink')}</Link>
        </Button>
      </AuthPageShell>
    );
  }
  return (
    <AuthPageShell title={t('verify.checkingTitle')}>
      <div className="flex items-center justify-center gap-2 py-6 text-muted-foreground" role="status">
        <Loader2 className="size-5 animate-spin" />
        {t('common.loading')}
      </div>
    </AuthPageShell>
  );
}

function CheckInbox() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const info = useAppInfo();
  const resend = useMutation({ mutationFn: resendVerification });

  if (!user) {
    return (
      <AuthPageShell title={t('verify.title')} description={t('verify.signInFirst')}>
        <Button asChild>
          <Link to={`${ROUTES.login}?redirect=${encodeURIComponent(ROUTES.verifyEmail)}`}>{t('auth.signIn')}</Link>
        </Button>
      </AuthPageShell>
    );
  }
  if (user.emailVerified) {
    return (
      <AuthPageShell title={t('verify.doneTitle')}>
        <Alert variant="success">
          <CheckCircle2 />
          <span>{t('verify.alreadyVerified', { email: user.email })}</span>
        </Alert>
        <Button asChild>
          <Link to={ROUTES.home}>{t('verify.continue')}</Link>
        </Button>
      </AuthPageShell>
    );
  }
  return (
    <AuthPageShell title={t('verify.title')} description={t('verify.sentTo', { email: user.email })}>
      <div className="flex justify-center py-2 text-primary">
        <Inbox className="size-12" />
      </div>
      <p className="text-center text-sm text-muted-foreground">{t('verify.instructions')}</p>
      {resend.isSuccess ? <Alert variant="success">{t('verify.resent')}</Alert> : null}
      {resend.isError ? (
        <Alert variant="destructive">
          {resend.error instanceof ApiRequestError ? translateMessage(resend.error.message) : t('errors.unknown')}
        </Alert>
      ) : null}
      <Button onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? <Loader2 className="animate-spin" /> : null}
        {t('verify.resend')}
      </Button>
      {info.data?.mail === 'outbox' ? (
        <p className="text-center text-xs text-muted-foreground">
          {t('verify.devOutboxHint')}{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to={ROUTES.devOutbox}>
            {t('verify.openOutbox')}
          </Link>
        </p>
      ) : null}
    </AuthPageShell>
  );
}
