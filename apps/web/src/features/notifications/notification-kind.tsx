import {
  BadgeCheck,
  Bell,
  Bot,
  CreditCard,
  Flame,
  FlaskConical,
  Gift,
  Megaphone,
  MessageCircle,
  RotateCcw,
  ShieldAlert,
  Target,
  TrendingUp,
  Trophy,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, type NotificationKind } from '@app/shared/notifications/schemas';
import { cn } from '@/lib/cn';
import './texts';

/** Each kind's icon and tint (light and dark), so that a row says what it is about at a glance. */
const KINDS: Record<NotificationKind, { icon: LucideIcon; tint: string }> = {
  newMessage: { icon: MessageCircle, tint: 'bg-sky-500/15 text-sky-700 dark:text-sky-300' },
  newFollower: { icon: UserPlus, tint: 'bg-violet-500/15 text-violet-700 dark:text-violet-300' },
  botUpdate: { icon: Bot, tint: 'bg-indigo-500/15 text-indigo-700 dark:text-indigo-300' },
  systemUpdate: { icon: Megaphone, tint: 'bg-slate-500/15 text-slate-700 dark:text-slate-300' },
  achievement_unlocked: { icon: Trophy, tint: 'bg-amber-500/15 text-amber-700 dark:text-amber-300' },
  level_up: { icon: TrendingUp, tint: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300' },
  quest_completed: { icon: Target, tint: 'bg-teal-500/15 text-teal-700 dark:text-teal-300' },
  streak_milestone: { icon: Flame, tint: 'bg-orange-500/15 text-orange-700 dark:text-orange-300' },
  reward_available: { icon: Gift, tint: 'bg-pink-500/15 text-pink-700 dark:text-pink-300' },
  referralJoined: { icon: Users, tint: 'bg-violet-500/15 text-violet-700 dark:text-violet-300' },
  referralConfirmed: { icon: BadgeCheck, tint: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300' },
  purchasePaid: { icon: CreditCard, tint: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300' },
  purchaseRefunded: { icon: RotateCcw, tint: 'bg-rose-500/15 text-rose-700 dark:text-rose-300' },
  botModerated: { icon: ShieldAlert, tint: 'bg-rose-500/15 text-rose-700 dark:text-rose-300' },
  test: { icon: FlaskConical, tint: 'bg-slate-500/15 text-slate-700 dark:text-slate-300' },
};

const isKind = (type: string): type is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(type);

/** A notification's kind as an icon, named for screen readers ("Purchase", "Level up"…). */
export function NotificationKindIcon({ type, unread, className }: { type: string; unread: boolean; className?: string }) {
  const { t } = useTranslation();
  const kind = isKind(type) ? KINDS[type] : { icon: Bell, tint: 'bg-muted text-muted-foreground' };
  const Icon = kind.icon;
  return (
    <span className={cn('relative flex size-8 shrink-0 items-center justify-center rounded-lg', kind.tint, className)} data-kind={type}>
      <Icon className="size-4" aria-hidden="true" />
      <span className="sr-only">{t(`notificationKinds.${isKind(type) ? type : 'other'}`)}</span>
      {unread ? (
        <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 size-2.5 rounded-full border-2 border-background bg-primary" />
      ) : null}
    </span>
  );
}
