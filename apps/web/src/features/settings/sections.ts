import type { LucideIcon } from 'lucide-react';
import { Bell, CreditCard, Database, Eye, Palette, Plug, ShieldCheck, UserRound } from 'lucide-react';

export interface SettingsSectionInfo {
  /** The path segment: /settings/{slug}. */
  slug: string;
  /** The texts live under settings.sections.{key}. */
  key: string;
  icon: LucideIcon;
}

/** The seven sections of settings-and-referrals.md §2, plus billing; /settings/api opens the integrations. */
export const SETTINGS_NAV: SettingsSectionInfo[] = [
  { slug: 'profile', key: 'profile', icon: UserRound },
  { slug: 'privacy', key: 'privacy', icon: Eye },
  { slug: 'notifications', key: 'notifications', icon: Bell },
  { slug: 'appearance', key: 'appearance', icon: Palette },
  { slug: 'security', key: 'security', icon: ShieldCheck },
  { slug: 'data', key: 'data', icon: Database },
  { slug: 'integrations', key: 'integrations', icon: Plug },
  { slug: 'billing', key: 'billing', icon: CreditCard },
];

export const SETTINGS_ALIASES: Record<string, string> = { api: 'integrations' };
