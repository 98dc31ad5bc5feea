import type { LucideIcon } from 'lucide-react';
import { BookOpen, Bot, Compass, Gamepad2, Gift, Handshake, LifeBuoy, Library, Mail, MessagesSquare, PlusCircle } from 'lucide-react';
import { ROUTES } from '@app/shared/app/routes';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  /** Shown with a lock to visitors; the page asks them to sign in. */
  requiresLogin?: boolean;
}

/** The sidebar of bots-header-auth.md §2, in its order. */
export const NAV_ITEMS: NavItem[] = [
  { to: ROUTES.home, labelKey: 'nav.explore', icon: Compass },
  { to: ROUTES.chat, labelKey: 'nav.chat', icon: MessagesSquare },
  { to: ROUTES.characters, labelKey: 'nav.collection', icon: Library, requiresLogin: true },
  { to: ROUTES.create, labelKey: 'nav.create', icon: PlusCircle, requiresLogin: true },
  { to: ROUTES.myBots, labelKey: 'nav.myBots', icon: Bot, requiresLogin: true },
  { to: ROUTES.referrals, labelKey: 'nav.referrals', icon: Gift, requiresLogin: true },
  { to: ROUTES.comics, labelKey: 'nav.comics', icon: BookOpen },
  { to: ROUTES.games, labelKey: 'nav.games', icon: Gamepad2 },
];

export const SECONDARY_NAV_ITEMS: NavItem[] = [
  { to: ROUTES.help, labelKey: 'nav.help', icon: LifeBuoy },
  { to: ROUTES.contact, labelKey: 'nav.contact', icon: Mail },
  { to: ROUTES.affiliate, labelKey: 'nav.affiliate', icon: Handshake },
];

/** The community chat link; shown only when the build sets VITE_COMMUNITY_URL. */
export const COMMUNITY_URL: string | undefined = import.meta.env.VITE_COMMUNITY_URL || undefined;
