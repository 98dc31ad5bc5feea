import { Compass, MessageSquareText, Swords, TrendingUp, WandSparkles, Zap, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { challengeOf, type ChallengeDef } from '@app/shared/challenges/catalogue';
import type { RoomStatus } from '@app/shared/challenges/schemas';
import { Badge } from '@/components/ui/badge';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import { durationParts } from './rules';
import './texts';

const ICONS: Record<string, LucideIcon> = {
  'message-square-text': MessageSquareText,
  compass: Compass,
  'trending-up': TrendingUp,
  'wand-sparkles': WandSparkles,
  zap: Zap,
};

export function ChallengeIcon({ name, className }: { name: string | undefined; className?: string }) {
  const Icon = (name && ICONS[name]) || Swords;
  return <Icon className={className} aria-hidden />;
}

/** The catalogue's entry of a room's challenge (the web knows the catalogue: names, rules, rewards). */
export const challengeFor = (id: string): ChallengeDef | undefined => challengeOf(id);

/** A text of the catalogue (a name, a description) in the reader's language. */
export const catalogueText = (text: string): string => translateMessage(text);

const STATUS_CLASSES: Record<RoomStatus, string> = {
  waiting: 'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  running: 'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
  finished: 'border-slate-300 bg-slate-100 text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200',
};

export function StatusBadge({ status }: { status: RoomStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" className={cn(STATUS_CLASSES[status])} data-testid="room-status">
      {status === 'running' ? <span className="size-1.5 rounded-full bg-current motion-safe:animate-pulse" aria-hidden /> : null}
      {t(`challenges.status.${status}`)}
    </Badge>
  );
}

/** '15 minutes', '24 hours'. */
export function durationText(t: TFunction, minutes: number): string {
  const { unit, count } = durationParts(minutes);
  return t(`challenges.duration.${unit}`, { count });
}

/** '100 tokens' in the reader's language. */
export function tokensText(t: TFunction, language: string, tokens: number): string {
  return t('challenges.tokens', { count: tokens, value: new Intl.NumberFormat(language).format(tokens) });
}

/** The places a ranked challenge pays (no more than a room of `maxPlayers` has), or that a casual one pays nothing. */
export function RewardList({
  challenge,
  maxPlayers,
  className,
}: {
  challenge: Pick<ChallengeDef, 'ranked' | 'rewards'>;
  maxPlayers?: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!challenge.ranked || challenge.rewards.length === 0)
    return <p className={cn('text-sm text-muted-foreground', className)}>{t('challenges.noRewards')}</p>;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label={t('challenges.room.rewards')}>
      {challenge.rewards.slice(0, maxPlayers).map((tokens, i) => (
        <li key={i}>
          <Badge variant="secondary">{t('challenges.placeReward', { place: i + 1, tokens: tokensText(t, i18n.language, tokens) })}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** The clock of a page that counts down: the time now, every `everyMs` while `running`. */
export function useNow(running: boolean, everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [running, everyMs]);
  return now;
}

/** A refused call's message in the reader's language (the server's text), else the spec's 'Failed to ...'. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status > 0 && error.status < 500) return translateMessage(error.message);
  return fallback;
}

/** A titled section of a page. */
export function Section({ title, children, aside, testId }: { title: string; children: ReactNode; aside?: ReactNode; testId?: string }) {
  return (
    <section className="grid gap-3" data-testid={testId} aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** An empty list: an icon, a title and a hint. */
export function EmptyState({ icon, title, hint, testId }: { icon: ReactNode; title: string; hint?: string; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-8 text-center" data-testid={testId}>
      <span className="text-muted-foreground [&_svg]:size-8">{icon}</span>
      <p className="font-medium">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
    </div>
  );
}
