import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { ROUTES } from '@app/shared/app/routes';
import type { Role } from '@app/shared/users/roles';
import { PageSkeleton } from '@/components/page-skeleton';
import { useAuthStore } from '@/features/auth/store';

export interface GuardRules {
  /** Roles allowed in; others go to /unauthorized. */
  roles?: Role[];
  /** Without a verified email the user goes to /verify-email. */
  requireVerifiedEmail?: boolean;
}

/**
 * The route guard of spec §5: a visitor who is not signed in goes to the login page and the
 * path is remembered for afterwards; a user without an allowed role goes to /unauthorized; one
 * whose email must be verified and isn't goes to /verify-email. The server checks again on
 * every call; this only spares the user a page that would refuse them.
 */
export function RequireAuth({ roles, requireVerifiedEmail, children }: GuardRules & { children: ReactNode }) {
  const location = useLocation();
  const { isLoading, isAuthenticated, user, setRedirectUrl } = useAuthStore(
    useShallow((s) => ({
      isLoading: s.isLoading,
      isAuthenticated: s.isAuthenticated,
      user: s.session?.user ?? null,
      setRedirectUrl: s.setRedirectUrl,
    })),
  );
  const here = `${location.pathname}${location.search}${location.hash}`;
  const signedOut = !isLoading && (!isAuthenticated || !user);

  useEffect(() => {
    if (signedOut) setRedirectUrl(here);
  }, [signedOut, here, setRedirectUrl]);

  if (isLoading) return <PageSkeleton />;
  if (signedOut || !user) return <Navigate to={`${ROUTES.login}?redirect=${encodeURIComponent(here)}`} replace />;
  if (roles && !roles.includes(user.role)) return <Navigate to={ROUTES.unauthorized} replace />;
  if (requireVerifiedEmail && !user.emailVerified) return <Navigate to={ROUTES.verifyEmail} replace />;
  return children;
}
