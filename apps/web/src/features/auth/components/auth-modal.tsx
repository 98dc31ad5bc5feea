import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { APP_NAME } from '@app/shared/app/constants';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useAuthModal } from '../auth-modal-store';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

/** The header's sign-in modal: closes on Escape, on a backdrop click, and once signed in (the user stays on the page). */
export function AuthModal() {
  const { t } = useTranslation();
  const { open, mode, setOpen, setMode } = useAuthModal();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const close = () => setOpen(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent data-testid="auth-modal">
        <DialogHeader>
          <DialogTitle>{mode === 'signin' ? t('auth.welcomeBack') : t('auth.joinTitle', { app: APP_NAME })}</DialogTitle>
          <DialogDescription>{mode === 'signin' ? t('auth.signInSubtitle') : t('auth.signUpSubtitle')}</DialogDescription>
        </DialogHeader>
        {mode === 'signin' ? (
          <LoginForm onSignedIn={close} redirectTo={here} onLeave={close} />
        ) : (
          <SignupForm onSignedUp={close} redirectTo={here} />
        )}
        <p className="text-center text-sm text-muted-foreground">
          {mode === 'signin' ? t('auth.noAccount') : t('auth.haveAccount')}{' '}
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}
          >
            {mode === 'signin' ? t('auth.createAccount') : t('auth.signIn')}
          </button>
        </p>
      </DialogContent>
    </Dialog>
  );
}
