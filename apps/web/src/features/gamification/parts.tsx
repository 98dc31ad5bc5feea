import {
  Award,
  Banknote,
  BookOpen,
  CalendarCheck,
  CalendarDays,
  CalendarHeart,
  CalendarRange,
  Castle,
  Clapperboard,
  Coins,
  Compass,
  Crown,
  Diamond,
  Feather,
  Film,
  Flame,
  Gem,
  Ghost,
  Gift,
  Globe,
  Hammer,
  HandHeart,
  Heart,
  HeartHandshake,
  Infinity as InfinityIcon,
  Map as MapIcon,
  MapPinned,
  Medal,
  Megaphone,
  MessageCircle,
  MessageSquareText,
  MessagesSquare,
  Network,
  Palette,
  PartyPopper,
  Shield,
  Sparkles,
  Star,
  Sun,
  TrendingUp,
  Trophy,
  UserCheck,
  UserPlus,
  Users,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import './texts';

/** The catalogue names its icons by lucide name; the ones it uses are here (an unknown one: a trophy). */
const ICONS: Record<string, LucideIcon> = {
  award: Award,
  banknote: Banknote,
  'book-open': BookOpen,
  'calendar-check': CalendarCheck,
  'calendar-days': CalendarDays,
  'calendar-heart': CalendarHeart,
  'calendar-range': CalendarRange,
  castle: Castle,
  clapperboard: Clapperboard,
  coins: Coins,
  compass: Compass,
  crown: Crown,
  feather: Feather,
  film: Film,
  flame: Flame,
  gem: Gem,
  ghost: Ghost,
  gift: Gift,
  globe: Globe,
  hammer: Hammer,
  'hand-heart': HandHeart,
  heart: Heart,
  'heart-handshake': HeartHandshake,
  infinity: InfinityIcon,
  map: MapIcon,
  'map-pinned': MapPinned,
  medal: Medal,
  megaphone: Megaphone,
  'message-circle': MessageCircle,
  'message-square-text': MessageSquareText,
  'messages-square': MessagesSquare,
  network: Network,
  palette: Palette,
  'party-popper': PartyPopper,
  shield: Shield,
  sparkles: Sparkles,
  star: Star,
  sun: Sun,
  'trending-up': TrendingUp,
  trophy: Trophy,
  'user-check': UserCheck,
  'user-plus': UserPlus,
  users: Users,
  'wand-sparkles': WandSparkles,
};

export function AchievementIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Trophy;
  return <Icon className={className} aria-hidden />;
}

/** Rank icons by rank id (§2.3, §9); any other id gets a shield. */
const RANK_ICONS: Record<string, LucideIcon> = { bronze: Medal, silver: Award, gold: Trophy, platinum: Crown, diamond: Diamond };
const RANK_TINTS: Record<string, string> = {
  bronze: 'text-amber-700 dark:text-amber-500',
  silver: 'text-slate-500 dark:text-slate-300',
  gold: 'text-yellow-600 dark:text-yellow-400',
  platinum: 'text-violet-600 dark:text-violet-400',
  diamond: 'text-sky-600 dark:text-sky-400',
};

export function RankIcon({ id, className }: { id: string | undefined; className?: string }) {
  const Icon = (id && RANK_ICONS[id]) || Shield;
  return <Icon className={cn(id ? RANK_TINTS[id] : undefined, className)} aria-hidden />;
}

/** Rarity badge colours, readable in both themes. */
export const RARITY_CLASSES: Record<string, string> = {
  common: 'border-slate-300 bg-slate-100 text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200',
  uncommon: 'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
  rare: 'border-sky-300 bg-sky-50 text-sky-800 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-200',
  epic: 'border-violet-300 bg-violet-50 text-violet-800 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-200',
  legendary: 'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
};

/** A labelled progress bar (0–100). */
export function ProgressBar({
  value,
  label,
  className,
  barClassName,
}: {
  value: number;
  label: string;
  className?: string;
  barClassName?: string;
}) {
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
      <div className={cn('h-full rounded-full bg-primary transition-[width] duration-500', barClassName)} style={{ width: `${v}%` }} />
    </div>
  );
}

/** A small card with a number and its label. */
export function StatCard({ icon, label, value, testId }: { icon: ReactNode; label: string; value: ReactNode; testId?: string }) {
  return (
    <div
      className="flex flex-col items-start gap-2 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:gap-3"
      data-testid={testId}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5">{icon}</span>
      <div className="min-w-0">
        <p className="text-2xl font-bold tabular-nums leading-tight">{value}</p>
        <p className="text-sm leading-tight text-muted-foreground">{label}</p>
      </div>
    </div>
  );
}

/** A reward as text: '50 XP', '10 tokens', '10 gems', 'Badge: name'. */
export function rewardText(t: TFunction, language: string, reward: { type: string; value: number | string }): string {
  const n = typeof reward.value === 'number' ? reward.value : Number(reward.value);
  const value = Number.isFinite(n) ? new Intl.NumberFormat(language).format(n) : String(reward.value);
  switch (reward.type) {
    case 'xp':
      return t('gamification.xp', { value });
    case 'tokens':
      return t('gamification.tokens', { count: n, value });
    case 'gems':
      return t('gamification.gems', { count: n, value });
    case 'badge':
      return t('gamification.badge', { name: String(reward.value) });
    default:
      return `${reward.type}: ${String(reward.value)}`;
  }
}

const KNOWN_CODES = new Set([
  'QUEST_NOT_STARTED',
  'QUEST_ALREADY_STARTED',
  'QUEST_NOT_DONE',
  'QUEST_NOT_ACTIVE',
  'QUEST_EXPIRED',
  'QUEST_NOT_COMPLETED',
  'QUEST_CLAIMED',
  'QUEST_COOLDOWN',
  'REWARD_CLAIMED',
  'REWARD_LOCKED',
  'ACHIEVEMENT_NOT_COMPLETED',
  'ACHIEVEMENT_CLAIMED',
]);

/** A failed call as the reader should see it: a known conflict code in their language, else the server's message. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (KNOWN_CODES.has(error.code)) return t(`gamification.errors.${error.code}`);
    return translateMessage(error.message);
  }
  return t('gamification.errors.generic');
}

/** A text of the server's catalogue (names, descriptions) in the reader's language when it is translated. */
export const catalogueText = (text: string): string => translateMessage(text);
