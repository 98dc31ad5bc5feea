import { Loader2, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { REWARD_TYPES, SEASON_LIMITS, type SeasonRewardType } from '@app/shared/season-pass/rules';
import { ZSeasonBody, ZSeasonPatch, type AdminSeason, type SeasonReward, type SeasonTier } from '@app/shared/season-pass/schemas';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { useSaveSeason } from './seasons-api';
import './texts';

interface RewardDraft {
  type: SeasonRewardType;
  value: string;
}
interface TierDraft {
  /** Stable across removals, for React's keys. */
  key: number;
  xpRequired: string;
  free: RewardDraft;
  premium: RewardDraft;
}
interface Draft {
  name: string;
  startsAt: string;
  endsAt: string;
  priceGems: string;
  tiers: TierDraft[];
}

/** An instant as a datetime-local field shows it (the reader's zone, to the minute). */
function localInput(iso: string | number): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value as an ISO instant; '' when it is not a date. */
const isoOf = (local: string) => (local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : '');
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

let keys = 0;
const rewardDraft = (r: SeasonReward): RewardDraft => ({ type: r.type, value: String(r.value) });
const rewardOf = (r: RewardDraft) => (r.type === 'badge' ? { type: r.type, value: r.value.trim() } : { type: r.type, value: num(r.value) });
const tierDraft = (t?: SeasonTier): TierDraft => ({
  key: (keys += 1),
  xpRequired: t ? String(t.xpRequired) : '',
  free: t ? rewardDraft(t.freeReward) : { type: 'tokens', value: '' },
  premium: t ? rewardDraft(t.premiumReward) : { type: 'gems', value: '' },
});

function draftOf(season: AdminSeason | null): Draft {
  if (season)
    return {
      name: season.name,
      startsAt: localInput(season.startsAt),
      endsAt: localInput(season.endsAt),
      priceGems: String(season.priceGems),
      tiers: season.tiers.map(tierDraft),
    };
  const start = new Date();
  start.setHours(start.getHours() + 1, 0, 0, 0);
  return {
    name: '',
    startsAt: localInput(start.getTime()),
    endsAt: localInput(start.getTime() + 30 * 86_400_000),
    priceGems: '100',
    tiers: [{ ...tierDraft(), xpRequired: '0', free: { type: 'tokens', value: '50' }, premium: { type: 'gems', value: '20' } }],
  };
}

/**
 * Create a season with its tiers, or change one (once it has started, only its name and end: the
 * server refuses the rest, and the form doesn't offer it). Checked with the API's own schema
 * before sending; the server's refusals land on their field.
 */
export function SeasonDialog({ season, onClose }: { season: AdminSeason | null; onClose(): void }) {
  const { t } = useTranslation();
  const save = useSaveSeason();
  const [draft, setDraft] = useState<Draft>(() => draftOf(season));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const locked = season !== null && season.status !== 'scheduled';
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setTier = (i: number, change: Partial<TierDraft>) =>
    setDraft((d) => ({ ...d, tiers: d.tiers.map((tier, j) => (j === i ? { ...tier, ...change } : tier)) }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const whole = {
      name: draft.name,
      startsAt: isoOf(draft.startsAt),
      endsAt: isoOf(draft.endsAt),
      priceGems: num(draft.priceGems),
      tiers: draft.tiers.map((tier, i) => ({
        tier: i + 1,
        xpRequired: num(tier.xpRequired),
        freeReward: rewardOf(tier.free),
        premiumReward: rewardOf(tier.premium),
      })),
    };
    // An edit sends what changed only: the inputs hold minutes, so an untouched date must not move by its seconds.
    const patch = season ? changesOf(season, draft, whole) : null;
    if (patch && Object.keys(patch).length === 0) return onClose();
    const parsed = patch ? ZSeasonPatch.safeParse(patch) : ZSeasonBody.safeParse(whole);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.map(String).join('.') || 'form'] ??= translateMessage(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { id: season?.id, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(t(season ? 'console.seasons.updated' : 'console.seasons.created'));
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiRequestError && err.field) setErrors({ [err.field]: translateMessage(err.message) });
          else setErrors({ form: translateMessage(err.message) });
        },
      },
    );
  }

  const error = (path: string) =>
    errors[path] ? (
      <p id={`season-${path}-error`} className="text-xs text-destructive">
        {errors[path]}
      </p>
    ) : null;
  const described = (path: string) => (errors[path] ? { 'aria-invalid': true as const, 'aria-describedby': `season-${path}-error` } : {});

  return (
    <Dialog open onOpenChange={(open) => (open || save.isPending ? null : onClose())}>
      <DialogContent className="max-w-3xl" data-testid="season-dialog">
        <DialogHeader>
          <DialogTitle>{t(season ? 'console.seasons.editTitle' : 'console.seasons.addTitle')}</DialogTitle>
          <DialogDescription>{t(locked ? 'console.seasons.lockedText' : 'console.seasons.dialogText')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid min-w-0 gap-4"
          onSubmit={onSubmit}
          noValidate
          aria-label={t(season ? 'console.seasons.editTitle' : 'console.seasons.addTitle')}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('console.seasons.name')} htmlFor="season-name" error={error('name')}>
              <Input
                id="season-name"
                value={draft.name}
                maxLength={SEASON_LIMITS.name}
                onChange={(e) => set('name', e.target.value)}
                {...described('name')}
              />
            </Field>
            <Field label={t('console.seasons.price')} htmlFor="season-price" error={error('priceGems')}>
              <Input
                id="season-price"
                type="number"
                inputMode="numeric"
                min={SEASON_LIMITS.minPrice}
                max={SEASON_LIMITS.maxPrice}
                step={1}
                value={draft.priceGems}
                disabled={locked}
                onChange={(e) => set('priceGems', e.target.value)}
                {...described('priceGems')}
              />
            </Field>
            <Field label={t('console.seasons.startsAt')} htmlFor="season-starts" error={error('startsAt')}>
              <Input
                id="season-starts"
                type="datetime-local"
                value={draft.startsAt}
                disabled={locked}
                onChange={(e) => set('startsAt', e.target.value)}
                {...described('startsAt')}
              />
            </Field>
            <Field label={t('console.seasons.endsAt')} htmlFor="season-ends" error={error('endsAt')}>
              <Input
                id="season-ends"
                type="datetime-local"
                value={draft.endsAt}
                onChange={(e) => set('endsAt', e.target.value)}
                {...described('endsAt')}
              />
            </Field>
          </div>

          <fieldset className="grid min-w-0 gap-3" disabled={locked}>
            <legend className="mb-2 text-sm font-medium">{t('console.seasons.tiers')}</legend>
            {error('tiers')}
            <ol className="grid gap-3">
              {draft.tiers.map((tier, i) => (
                <li
                  key={tier.key}
                  className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[8rem_1fr_1fr_auto] sm:items-end"
                  data-testid="season-tier-row"
                >
                  <Field
                    label={t('console.seasons.tierXp', { tier: i + 1 })}
                    htmlFor={`tier-${i}-xp`}
                    error={error(`tiers.${i}.xpRequired`) ?? error(`tiers.${i}.tier`)}
                  >
                    <Input
                      id={`tier-${i}-xp`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      step={1}
                      value={tier.xpRequired}
                      onChange={(e) => setTier(i, { xpRequired: e.target.value })}
                      {...described(`tiers.${i}.xpRequired`)}
                    />
                  </Field>
                  {(['free', 'premium'] as const).map((track) => {
                    const path = `tiers.${i}.${track}Reward`;
                    return (
                      <RewardInput
                        key={track}
                        id={`tier-${i}-${track}`}
                        label={t(`console.seasons.${track}Reward`, { tier: i + 1 })}
                        reward={tier[track]}
                        onChange={(reward) => setTier(i, { [track]: reward })}
                        error={error(`${path}.value`) ?? error(`${path}.type`) ?? error(path)}
                      />
                    );
                  })}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="justify-self-end"
                    disabled={draft.tiers.length === 1}
                    onClick={() =>
                      set(
                        'tiers',
                        draft.tiers.filter((_, j) => j !== i),
                      )
                    }
                    aria-label={t('console.seasons.removeTier', { tier: i + 1 })}
                  >
                    <Trash2 />
                  </Button>
                </li>
              ))}
            </ol>
            <Button
              type="button"
              variant="outline"
              className="w-fit"
              disabled={draft.tiers.length >= SEASON_LIMITS.maxTiers}
              onClick={() => set('tiers', [...draft.tiers, tierDraft()])}
            >
              <Plus />
              {t('console.seasons.addTier')}
            </Button>
          </fieldset>

          {errors.form ? (
            <p className="text-sm text-destructive" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="season-save">
              {save.isPending ? <Loader2 className="animate-spin" /> : null}
              {t(season ? 'common.save' : 'console.seasons.create')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const tiersKey = (
  tiers: { xpRequired: number; freeReward: { type: string; value: unknown }; premiumReward: { type: string; value: unknown } }[],
) => JSON.stringify(tiers.map((t) => [t.xpRequired, t.freeReward.type, t.freeReward.value, t.premiumReward.type, t.premiumReward.value]));

/** The fields of an edit that differ from the season as it is (a started season's price, start and tiers are not offered). */
function changesOf(season: AdminSeason, draft: Draft, whole: Record<string, unknown> & { tiers: Parameters<typeof tiersKey>[0] }) {
  const started = season.status !== 'scheduled';
  const changes: Record<string, unknown> = {};
  if (draft.name !== season.name) changes.name = whole.name;
  if (draft.endsAt !== localInput(season.endsAt)) changes.endsAt = whole.endsAt;
  if (started) return changes;
  if (draft.startsAt !== localInput(season.startsAt)) changes.startsAt = whole.startsAt;
  if (whole.priceGems !== season.priceGems) changes.priceGems = whole.priceGems;
  if (tiersKey(whole.tiers) !== tiersKey(season.tiers)) changes.tiers = whole.tiers;
  return changes;
}

function Field({ label, htmlFor, error, children }: { label: string; htmlFor: string; error: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error}
    </div>
  );
}

/** A reward: its kind (a select) and its amount, or a badge's id. */
function RewardInput({
  id,
  label,
  reward,
  onChange,
  error,
}: {
  id: string;
  label: string;
  reward: RewardDraft;
  onChange(reward: RewardDraft): void;
  error: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid min-w-0 content-start gap-1.5" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div className="grid grid-cols-[7rem_1fr] gap-2">
        <Select value={reward.type} onValueChange={(type) => onChange({ type: type as SeasonRewardType, value: '' })}>
          <SelectTrigger id={`${id}-type`} aria-label={t('console.seasons.rewardType', { reward: label })}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {REWARD_TYPES.map((type) => (
              <SelectItem key={type} value={type}>
                {t(`console.seasons.rewardTypes.${type}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Input
          id={`${id}-value`}
          aria-label={t(reward.type === 'badge' ? 'console.seasons.badgeId' : 'console.seasons.amount', { reward: label })}
          value={reward.value}
          {...(reward.type === 'badge'
            ? { maxLength: 40, placeholder: 'season-champion' }
            : { type: 'number', inputMode: 'numeric' as const, min: 1, max: SEASON_LIMITS.maxRewardValue, step: 1 })}
          onChange={(e) => onChange({ ...reward, value: e.target.value })}
        />
      </div>
      {error}
    </div>
  );
}
