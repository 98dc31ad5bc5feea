import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ROUTES, safeRedirectPath } from '@app/shared/app/routes';
import { useAuthStore } from './store';

/** Where to go after signing in: `?redirect=`, else the path the route guard remembered, else home. */
export function useRedirectTarget() {
  const [params] = useSearchParams();
  const remembered = useAuthStore((s) => s.redirectUrl);
  const setRedirectUrl = useAuthStore((s) => s.setRedirectUrl);
  const navigate = useNavigate();
  const target = safeRedirectPath(params.get('redirect') ?? remembered, ROUTES.home);
  const go = useCallback(() => {
    setRedirectUrl(null);
    void navigate(target, { replace: true });
  }, [navigate, setRedirectUrl, target]);
  return { target, go };
}
