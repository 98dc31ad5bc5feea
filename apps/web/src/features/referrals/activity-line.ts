import type { TFunction } from 'i18next';
import './texts';
import type { ReferralActivity } from '@app/shared/referrals/schemas';

/**
 * An activity's line in the reader's language ("Fred signed up", "Фред зарегистрировался(-ась)"),
 * written here from the name and the value rather than taken from the server's English description.
 */
export function activityLine(t: TFunction, language: string, activity: Pick<ReferralActivity, 'type' | 'name' | 'valueEur'>): string {
  if (activity.type === 'registration') return t('referrals.activity.signedUp', { name: activity.name });
  const amount = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(Number(activity.valueEur ?? 0));
  return t('referrals.activity.purchase', { name: activity.name, amount });
}
