import {
  ZAuthProviders,
  ZOidcCallbackAnswer,
  ZOk,
  ZSession,
  ZVerifyEmailAnswer,
  type LoginBody,
  type SignupBody,
} from '@app/shared/auth/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const login = (body: LoginBody) => api('/api/auth/login', { method: 'POST', body, schema: ZSession, withAuth: false });
export const signup = (body: SignupBody) => api('/api/auth/signup', { method: 'POST', body, schema: ZSession, withAuth: false });
export const refresh = () => api('/api/auth/refresh', { method: 'POST', body: {}, schema: ZSession, withAuth: false });
export const logoutCall = (signal?: AbortSignal) => api('/api/auth/logout', { method: 'POST', schema: ZOk, signal });
export const forceLogoutCall = () => api('/api/auth/force-logout', { method: 'POST', schema: ZOk, timeoutMs: 5_000 });
export const verifyEmail = (token: string) =>
  api('/api/auth/verify-email', { method: 'POST', body: { token }, schema: ZVerifyEmailAnswer, withAuth: false });
export const resendVerification = () => api('/api/auth/verify-email/resend', { method: 'POST', schema: ZOk });
export const finishOidc = (query: string) =>
  api('/api/auth/oidc/callback', { method: 'POST', body: { query }, schema: ZOidcCallbackAnswer, withAuth: false });

/** The sign-in providers besides email and password; the OIDC button shows only when one is configured. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => api('/api/auth/providers', { schema: ZAuthProviders, withAuth: false }),
    staleTime: Infinity,
  });
}
