import type { LucideIcon } from 'lucide-react';
import { Bell, CreditCard, Database, Eye, Palette, Plug, ShieldCheck, UserRound } from 'lucide-react';
import type { ComponentType } from 'react';
import { AppearanceSection } from '@/features/account/appearance/appearance-section';
import { DataSection } from '@/features/account-data/data-section';
import { IntegrationsSection } from '@/features/integrations/integrations-section';
import { NotificationsSection } from '@/features/notifications/settings/notifications-section';
import { PrivacySection } from '@/features/account/privacy/privacy-section';
import { ProfileSection } from '@/features/account/profile/profile-section';
import { SecuritySection } from '@/features/security/security-section';
import { BillingSection } from '@/features/subscriptions/billing-section';

export interface SettingsSectionInfo {
  /** The path segment: /settings/{slug}. */
  slug: string;
  /** The texts live under settings.sections.{key}. */
  key: string;
  icon: LucideIcon;
  Component: ComponentType;
}

/** The seven sections of settings-and-referrals.md §2, plus billing; /settings/api opens the integrations. */
export const SETTINGS_NAV: SettingsSectionInfo[] = [
  { slug: 'profile', key: 'profile', icon: UserRound, Component: ProfileSection },
  { slug: 'privacy', key: 'privacy', icon: Eye, Component: PrivacySection },
  { slug: 'notifications', key: 'notifications', icon: Bell, Component: NotificationsSection },
  { slug: 'appearance', key: 'appearance', icon: Palette, Component: AppearanceSection },
  { slug: 'security', key: 'security', icon: ShieldCheck, Component: SecuritySection },
  { slug: 'data', key: 'data', icon: Database, Component: DataSection },
  { slug: 'integrations', key: 'integrations', icon: Plug, Component: IntegrationsSection },
  { slug: 'billing', key: 'billing', icon: CreditCard, Component: BillingSection },
];

export const SETTINGS_ALIASES: Record<string, string> = { api: 'integrations' };
