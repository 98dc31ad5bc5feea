import { CheckCircle2, Circle, Clock, Flag, Gift, Loader2, Play, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useQuestMove, type QuestMove } from './api';
import { catalogueText, errorText, ProgressBar, rewardText } from './parts';
import { canComplete, elapsed, expiryLabel, questPercent, type ExpiryLabel, type Mission } from './rules';
import './texts';

export function expiryText(t: TFunction, label: ExpiryLabel): string {
  switch (label.kind) {
    case 'expired':
      return t('gamification.quests.expiry.expired');
    case 'lessThanHour':
      return t('gamification.quests.expiry.lessThanHour');
    case 'hours':
      return t('gamification.quests.expiry.hours', { count: label.count });
    case 'days':
      return t('gamification.quests.expiry.days', { count: label.count });
  }
}

/** '5 minutes', '3 hours', '2 days' in the reader's language. */
export function spanText(language: string, span: ReturnType<typeof elapsed>): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: span.unit, unitDisplay: 'long' }).format(span.count);
}

/** A quest of the quests panel (§2.4) with its actions; a failed move says why, from the server's 409 code. */
export function QuestCard({ mission, now }: { mission: Mission; now: Date }) {
  const { t, i18n } = useTranslation();
  const move = useQuestMove();
  const [confirming, setConfirming] = useState(false);
  const run = mission.userQuest;
  const status = run?.status ?? 'available';
  const percent = questPercent(mission);
  const name = catalogueText(mission.name);
  const pendingMove = move.isPending ? move.variables?.move : undefined;
  const cooldown = run?.status === 'abandoned' && run.restartAt && new Date(run.restartAt) > now ? run.restartAt : null;
  const expiry = run?.expiresAt && (status === 'active' || status === 'completed') ? expiryLabel(run.expiresAt, now) : null;

  const act = (which: QuestMove, after?: () => void) =>
    move.mutate(
      { id: mission.id, move: which },
      {
        onSuccess: () => {
          after?.();
          const key = { start: 'started', complete: 'completedToast', claim: 'claimedToast', abandon: 'abandoned' }[which];
          toast.success(t(`gamification.quests.${key}`, { name }), { duration: 5000 });
        },
        // Also a toast: the refreshed list may move the card to another tab (the abandon dialog shows its own).
        onError: (error) => {
          if (which !== 'abandon') toast.error(errorText(t, error), { duration: 5000 });
        },
      },
    );

  return (
    <article
      data-testid="quest-card"
      data-quest={mission.id}
      data-status={status}
      className={cn(
        'grid gap-3 rounded-xl border bg-card p-4 shadow-sm',
        status === 'active' && 'border-primary/60 ring-1 ring-primary/30',
        status === 'claimed' && 'opacity-60',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold leading-tight">{name}</h3>
        <span className="flex flex-wrap gap-1.5">
          <Badge variant="secondary">{t(`gamification.questTypes.${mission.type}`)}</Badge>
          {mission.category ? (
            <Badge variant="outline">{t(`gamification.categories.${mission.category}`, { defaultValue: mission.category })}</Badge>
          ) : null}
          {expiry ? (
            <Badge
              variant={expiry.kind === 'expired' ? 'destructive' : 'outline'}
              aria-label={t('gamification.quests.expiresIn', { label: expiryText(t, expiry) })}
              data-testid="quest-expiry"
            >
              <Clock aria-hidden />
              {expiryText(t, expiry)}
            </Badge>
          ) : null}
        </span>
      </header>
      <p className="text-sm text-muted-foreground">{catalogueText(mission.description)}</p>

      {status === 'claimed' && run?.claimedAt ? (
        <p className="text-sm text-muted-foreground">
          {t('gamification.quests.completedAgo', { time: spanText(i18n.language, elapsed(run.completedAt ?? run.claimedAt, now)) })}
        </p>
      ) : (
        <>
          <ul className="grid gap-1 text-sm" aria-label={t('gamification.quests.objectives')}>
            {mission.objectives.map((o) => {
              const p =
                run?.status === 'active' || run?.status === 'completed' ? run.progress.find((x) => x.objectiveId === o.id) : undefined;
              const done = p?.completed ?? false;
              return (
                <li key={o.id} className="flex items-center gap-2">
                  {done ? (
                    <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />
                  ) : (
                    <Circle className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  )}
                  <span className="flex-1">{catalogueText(o.description)}</span>
                  <span className="tabular-nums text-muted-foreground">
                    {p?.currentValue ?? 0}/{o.requiredValue}
                  </span>
                </li>
              );
            })}
          </ul>
          <div className="flex items-center gap-2">
            <ProgressBar value={percent} label={t('gamification.quests.progress')} />
            <span className="w-10 text-right text-xs tabular-nums text-muted-foreground" data-testid="quest-percent">
              {percent}%
            </span>
          </div>
        </>
      )}

      <div className="flex flex-wrap items-center gap-1.5">
        <Gift className="size-4 text-muted-foreground" aria-label={t('gamification.quests.rewards')} />
        {mission.rewards.map((r) => (
          <Badge key={r.type} variant="outline">
            {rewardText(t, i18n.language, r)}
          </Badge>
        ))}
      </div>

      {move.isError && !confirming ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
          data-testid="quest-error"
        >
          {errorText(t, move.error)}
        </p>
      ) : null}
      {cooldown ? (
        <p className="text-sm text-muted-foreground">
          {t('gamification.quests.cooldown', { time: spanText(i18n.language, elapsed(now.toISOString(), new Date(cooldown))) })}
        </p>
      ) : null}

      {status !== 'claimed' ? (
        <div className="flex flex-wrap gap-2">
          {status === 'available' || status === 'abandoned' ? (
            <Button size="sm" onClick={() => act('start')} disabled={move.isPending || cooldown !== null} data-testid="quest-start">
              {pendingMove === 'start' ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
              {pendingMove === 'start' ? t('gamification.quests.starting') : t('gamification.quests.start')}
            </Button>
          ) : null}
          {status === 'active' && canComplete(mission) ? (
            <Button size="sm" onClick={() => act('complete')} disabled={move.isPending} data-testid="quest-complete">
              {pendingMove === 'complete' ? <Loader2 className="animate-spin" aria-hidden /> : <Flag aria-hidden />}
              {pendingMove === 'complete' ? t('gamification.quests.completing') : t('gamification.quests.complete')}
            </Button>
          ) : null}
          {status === 'completed' ? (
            <Button size="sm" variant="premium" onClick={() => act('claim')} disabled={move.isPending} data-testid="quest-claim">
              {pendingMove === 'claim' ? <Loader2 className="animate-spin" aria-hidden /> : <Gift aria-hidden />}
              {pendingMove === 'claim' ? t('gamification.claiming') : t('gamification.claimReward')}
            </Button>
          ) : null}
          {status === 'active' ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                move.reset();
                setConfirming(true);
              }}
              disabled={move.isPending}
              data-testid="quest-abandon"
            >
              <X aria-hidden />
              {t('gamification.quests.abandon')}
            </Button>
          ) : null}
        </div>
      ) : null}

      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !move.isPending) {
            setConfirming(false);
            move.reset();
          }
        }}
      >
        <DialogContent data-testid="abandon-dialog">
          <DialogHeader>
            <DialogTitle>{t('gamification.quests.abandonTitle')}</DialogTitle>
            <DialogDescription>{t('gamification.quests.abandonText', { name })}</DialogDescription>
          </DialogHeader>
          {move.isError ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {errorText(t, move.error)}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={move.isPending}>
              {t('gamification.quests.cancel')}
            </Button>
            <Button
              variant="destructive"
              onClick={() => act('abandon', () => setConfirming(false))}
              disabled={move.isPending}
              data-testid="abandon-confirm"
            >
              {pendingMove === 'abandon' ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {pendingMove === 'abandon' ? t('gamification.quests.abandoning') : t('gamification.quests.abandon')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </article>
  );
}
