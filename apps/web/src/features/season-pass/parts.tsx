import { Coins, Gem, Medal, Sparkles, type LucideIcon } from 'lucide-react';
import type { TFunction } from 'i18next';
import { SEASON_ERRORS } from '@app/shared/season-pass/messages';
import type { SeasonReward } from '@app/shared/season-pass/schemas';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import './texts';

export const REWARD_ICONS: Record<SeasonReward['type'], LucideIcon> = { tokens: Coins, gems: Gem, xp: Sparkles, badge: Medal };

/** A reward as text: '50 tokens', '10 gems', '200 XP', 'Badge: season-one'. */
export function rewardText(t: TFunction, language: string, reward: SeasonReward): string {
  if (reward.type === 'badge') return t('seasonPass.reward.badge', { name: reward.value });
  const value = new Intl.NumberFormat(language).format(reward.value);
  return t(`seasonPass.reward.${reward.type}`, { count: reward.value, value });
}

const CODES = new Set<string>([...Object.values(SEASON_ERRORS), 'INSUFFICIENT_GEMS']);

/** What a refused purchase or claim says, in the reader's language. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (CODES.has(error.code)) return t(`seasonPass.errors.${error.code}`);
    return translateMessage(error.message);
  }
  return t('seasonPass.errors.generic');
}

export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const v = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={v}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${v}%` }} />
    </div>
  );
}
