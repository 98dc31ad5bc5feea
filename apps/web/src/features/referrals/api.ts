import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZReferralCodeAnswer, ZReferralConfig, ZReferralDashboard } from '@app/shared/referrals/schemas';
import { api } from '@/lib/api-client';

export const referralDashboardKey = ['referrals', 'dashboard'] as const;

/** The signed-in user's referral dashboard (GET /api/referral/user-dashboard). */
export function useReferralDashboard() {
  return useQuery({
    queryKey: referralDashboardKey,
    queryFn: () => api('/api/referral/user-dashboard', { schema: ZReferralDashboard }),
  });
}

/** The program's settings (public). */
export function useReferralConfig() {
  return useQuery({
    queryKey: ['referrals', 'config'],
    queryFn: () => api('/api/referral/config', { schema: ZReferralConfig, withAuth: false }),
    staleTime: 5 * 60_000,
  });
}

/** Makes the caller's code (the same one on every call), then reloads the dashboard. */
export function useGenerateReferralCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/referral/generate-code', { method: 'POST', schema: ZReferralCodeAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralDashboardKey }),
  });
}
