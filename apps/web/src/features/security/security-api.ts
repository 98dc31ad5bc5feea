import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZBackupCodesAnswer,
  ZChangePasswordAnswer,
  ZCodeSentAnswer,
  ZRevokedAnswer,
  ZSecuritySettings,
  ZTwoFactorSetupAnswer,
  ZTwoFactorStatus,
  ZUserSessions,
  type ChangePasswordBody,
  type SecuritySettingsPatch,
  type TwoFactorSetupBody,
} from '@app/shared/security/schemas';
import { api } from '@/lib/api-client';

export const SECURITY_QUERY_KEY = ['settings', 'security'] as const;
export const SESSIONS_QUERY_KEY = ['settings', 'security', 'sessions'] as const;

export function useSecuritySettings() {
  return useQuery({ queryKey: SECURITY_QUERY_KEY, queryFn: () => api('/api/user/settings/security', { schema: ZSecuritySettings }) });
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SecuritySettingsPatch) =>
      api('/api/user/settings/security', { method: 'PATCH', body: patch, schema: ZSecuritySettings }),
    onSuccess: (settings) => queryClient.setQueryData(SECURITY_QUERY_KEY, settings),
  });
}

/** Refetches the security state (two-factor, backup codes left, password date) after a change. */
function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
}

export function useChangePassword() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api('/api/user/password', { method: 'POST', body, schema: ZChangePasswordAnswer }),
    onSuccess: () => void refresh(),
  });
}

export function useSetupTwoFactor() {
  return useMutation({
    mutationFn: (body: TwoFactorSetupBody) => api('/api/user/2fa/setup', { method: 'POST', body, schema: ZTwoFactorSetupAnswer }),
  });
}

export function useVerifyTwoFactor() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (code: string) => api('/api/user/2fa/verify', { method: 'POST', body: { code }, schema: ZTwoFactorStatus }),
    onSuccess: () => void refresh(),
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (code: string) => api('/api/user/2fa', { method: 'DELETE', body: { code }, schema: ZTwoFactorStatus }),
    onSuccess: () => void refresh(),
  });
}

export function useRegenerateBackupCodes() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (code: string) => api('/api/user/2fa/backup-codes', { method: 'POST', body: { code }, schema: ZBackupCodesAnswer }),
    onSuccess: () => void refresh(),
  });
}

/** A new code by email or sms, for the dialogs of those methods. */
export function useSendCode() {
  return useMutation({ mutationFn: () => api('/api/user/2fa/send-code', { method: 'POST', schema: ZCodeSentAnswer }) });
}

export function useSessions() {
  return useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: () => api('/api/user/sessions', { schema: ZUserSessions }) });
}

export function useTerminateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/user/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ZRevokedAnswer }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useTerminateAllSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/user/sessions/all', { method: 'DELETE', schema: ZRevokedAnswer }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
