import {
  ZAuthProviders,
  ZOidcCallbackAnswer,
  ZLoginAnswer,
  ZOk,
  ZSession,
  ZVerifyEmailAnswer,
  ZForgotPasswordAnswer,
  type ForgotPasswordBody,
  type LoginBody,
  type ResetPasswordBody,
  type SignupBody,
} from '@app/shared/auth/schemas';
import { ZOidcLinkAnswer } from '@app/shared/integrations/schemas';
import { ZOidcTwoFactorChallenge, type LoginTwoFactorBody } from '@app/shared/security/schemas';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** A session, or the second step's challenge when the account has two-factor on. */
export const login = (body: LoginBody) => api('/api/auth/login', { method: 'POST', body, schema: ZLoginAnswer, withAuth: false });
/** The second step: the authenticator's code, the code sent by email or sms, or a backup code. */
export const loginTwoFactor = (body: LoginTwoFactorBody) =>
  api('/api/auth/login/2fa', { method: 'POST', body, schema: ZSession, withAuth: false });
export const signup = (body: SignupBody) => api('/api/auth/signup', { method: 'POST', body, schema: ZSession, withAuth: false });
export const refresh = () => api('/api/auth/refresh', { method: 'POST', body: {}, schema: ZSession, withAuth: false });
export const logoutCall = (signal?: AbortSignal) => api('/api/auth/logout', { method: 'POST', schema: ZOk, signal });
export const forceLogoutCall = () => api('/api/auth/force-logout', { method: 'POST', schema: ZOk, timeoutMs: 5_000 });
export const verifyEmail = (token: string) =>
  api('/api/auth/verify-email', { method: 'POST', body: { token }, schema: ZVerifyEmailAnswer, withAuth: false });
export const resendVerification = () => api('/api/auth/verify-email/resend', { method: 'POST', schema: ZOk });
/** Asks for a reset link; the answer is the same whether the address has an account. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  api('/api/auth/password/forgot', { method: 'POST', body, schema: ZForgotPasswordAnswer, withAuth: false });
/** Sets a new password with the token of a reset link; every session of the account ends. */
export const resetPassword = (body: ResetPasswordBody) =>
  api('/api/auth/password/reset', { method: 'POST', body, schema: ZOk, withAuth: false });
/** Finishes a sign-in (a session), or the linking of the provider account to the signed-in user started from the settings. */
export const finishOidc = (query: string) =>
  api('/api/auth/oidc/callback', {
    method: 'POST',
    body: { query },
    schema: z.union([ZOidcCallbackAnswer, ZOidcLinkAnswer, ZOidcTwoFactorChallenge]),
    withAuth: false,
  });

/** The sign-in providers besides email and password; the OIDC button shows only when one is configured. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => api('/api/auth/providers', { schema: ZAuthProviders, withAuth: false }),
    staleTime: Infinity,
  });
}
