import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REFERRAL_CODE_PATTERN } from '@app/shared/auth/schemas';
import { DEFAULT_REFERRAL_SETTINGS } from '@app/shared/referrals/rules';
import { ZReferralCodeLookup, ZReferralConfig } from '@app/shared/referrals/schemas';
import { api, ApiRequestError } from '@/lib/api-client';

const STORAGE_KEY = 'referral-code';
const DAY_MS = 24 * 60 * 60_000;
/** Codes whose visit this page already counted (a remount, or React's double effects, count once). */
const counted = new Set<string>();

interface Stored {
  code: string;
  expiresAt: number;
}

function readStored(): string | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Stored;
    if (typeof stored.code !== 'string' || !REFERRAL_CODE_PATTERN.test(stored.code) || !(stored.expiresAt > Date.now())) {
      localStorage.removeItem(STORAGE_KEY);
      return undefined;
    }
    return stored.code;
  } catch {
    return undefined;
  }
}

function store(code: string, days: number) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ code, expiresAt: Date.now() + days * DAY_MS } satisfies Stored));
  } catch {
    // Private mode: the code lasts for this page only.
  }
}

/** Forgets the remembered code (after a signup used it, or when it turned out unknown). */
export function forgetReferralCode() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * The referral code of the signup page: the link's `?ref=` (remembered for linkExpireDays), else
 * one remembered from an earlier visit. Counts the link's visit once, and looks up who invites;
 * an unknown code is dropped.
 */
export function useReferralInvite(fromUrl: string | undefined): { code: string | undefined; invitedBy: string | undefined } {
  const code = fromUrl ?? readStored();
  const config = useQuery({
    queryKey: ['referrals', 'config'],
    queryFn: () => api('/api/referral/config', { schema: ZReferralConfig, withAuth: false }),
    enabled: fromUrl !== undefined,
    staleTime: 5 * 60_000,
  });
  const lookup = useQuery({
    queryKey: ['referrals', 'code', code],
    queryFn: () => api(`/api/referral/codes/${code}`, { schema: ZReferralCodeLookup, withAuth: false }),
    enabled: code !== undefined,
    retry: false,
    staleTime: Infinity,
  });
  const unknown = lookup.error instanceof ApiRequestError && lookup.error.status === 404;

  useEffect(() => {
    if (!fromUrl) return;
    store(fromUrl, config.data?.linkExpireDays ?? DEFAULT_REFERRAL_SETTINGS.linkExpireDays);
  }, [fromUrl, config.data?.linkExpireDays]);

  useEffect(() => {
    if (!fromUrl || counted.has(fromUrl)) return;
    counted.add(fromUrl);
    // A failed count is only logged (settings-and-referrals.md §9).
    api('/api/referral/click', { method: 'POST', body: { referralCode: fromUrl }, withAuth: false }).catch((err: unknown) =>
      console.warn('Referral click not counted', err),
    );
  }, [fromUrl]);

  useEffect(() => {
    if (unknown) forgetReferralCode();
  }, [unknown]);

  return { code: unknown ? undefined : code, invitedBy: lookup.data?.displayName };
}
