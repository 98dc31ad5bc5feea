import { AlertCircle, Coins, Loader2, RotateCcw } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PRICING_MESSAGES } from '@app/shared/pricing/messages';
import {
  GENERATION_TYPES,
  invalidPricingField,
  marginPercent,
  MARKUP_RANGE,
  quoteGeneration,
  type PricingConfig,
} from '@app/shared/pricing/rules';
import { ErrorCard } from '@/components/error-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { translateMessage } from '@/lib/messages';
import { usePricingConfig, useSavePricing } from './economy-api';
import { formatters } from './format';
import './texts';

/** The form's fields as typed (text, so a half-typed number stays as it is). */
interface Draft {
  token_cost_eur: string;
  markup_percentage: string;
  user_token_cost_eur: string;
  text: string;
  image: string;
  video: string;
  free_generation_for_text: boolean;
}

const toDraft = (c: PricingConfig): Draft => ({
  token_cost_eur: String(c.token_cost_eur),
  markup_percentage: String(c.markup_percentage),
  user_token_cost_eur: String(c.user_token_cost_eur),
  text: String(c.generation_costs.text),
  image: String(c.generation_costs.image),
  video: String(c.generation_costs.video),
  free_generation_for_text: c.free_generation_for_text,
});

/** An empty or non-numeric field is NaN, which the shared rule refuses. */
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(',', '.')));

const fromDraft = (d: Draft): PricingConfig => ({
  token_cost_eur: num(d.token_cost_eur),
  markup_percentage: num(d.markup_percentage),
  user_token_cost_eur: num(d.user_token_cost_eur),
  generation_costs: { text: num(d.text), image: num(d.image), video: num(d.video) },
  free_generation_for_text: d.free_generation_for_text,
});

/** The admin pricing form (bots-header-auth.md §9) with a live preview of the formulas, the shared rules applied as the fields change. */
export function PricingPanel() {
  const { t } = useTranslation();
  const pricing = usePricingConfig();
  return (
    <Card data-testid="admin-pricing" className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Coins className="size-5" aria-hidden="true" />
          {t('adminEconomy.pricing.title')}
        </CardTitle>
        <CardDescription>{t('adminEconomy.pricing.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        {pricing.isError ? (
          <ErrorCard message={pricing.error.message} onRetry={() => void pricing.refetch()} />
        ) : pricing.isPending ? (
          <div className="grid gap-3" role="status" aria-label={t('common.loading')}>
            <div className="grid gap-3 sm:grid-cols-3">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-14" />
              ))}
            </div>
            <Skeleton className="h-32" />
          </div>
        ) : (
          // A new saved config (after a save) starts the form again from it.
          <PricingForm key={JSON.stringify(pricing.data)} saved={pricing.data} />
        )}
      </CardContent>
    </Card>
  );
}

function PricingForm({ saved }: { saved: PricingConfig }) {
  const { t, i18n } = useTranslation();
  const f = formatters(i18n.language);
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved));
  const [submitted, setSubmitted] = useState(false);
  const save = useSavePricing();
  const config = useMemo(() => fromDraft(draft), [draft]);
  const invalid = invalidPricingField(config);
  const dirty = JSON.stringify(config) !== JSON.stringify(saved);
  const set = (key: keyof Draft) => (value: string | boolean) => setDraft((d) => ({ ...d, [key]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    // The form starts again from the saved config (its key changes): the promise, not mutate's callbacks, outlives it.
    void save.mutateAsync(config).then(
      () => toast.success(t('adminEconomy.pricing.saved')),
      (err: Error) => toast.error(translateMessage(err.message)),
    );
  }

  const fieldError = (field: string) =>
    invalid === field ? t(`adminEconomy.pricing.rules.${field.replace('generation_costs.', '')}`) : undefined;
  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate>
      <div className="grid gap-4 sm:grid-cols-3">
        <NumberField
          id="token_cost_eur"
          label={t('adminEconomy.pricing.tokenCost')}
          hint={t('adminEconomy.pricing.tokenCostHint')}
          value={draft.token_cost_eur}
          onChange={set('token_cost_eur')}
          error={fieldError('token_cost_eur')}
          step="0.0001"
        />
        <NumberField
          id="markup_percentage"
          label={t('adminEconomy.pricing.markup')}
          hint={t('adminEconomy.pricing.markupHint', MARKUP_RANGE)}
          value={draft.markup_percentage}
          onChange={set('markup_percentage')}
          error={fieldError('markup_percentage')}
          step="1"
          min={MARKUP_RANGE.min}
          max={MARKUP_RANGE.max}
        />
        <NumberField
          id="user_token_cost_eur"
          label={t('adminEconomy.pricing.userTokenCost')}
          hint={t('adminEconomy.pricing.userTokenCostHint')}
          value={draft.user_token_cost_eur}
          onChange={set('user_token_cost_eur')}
          error={fieldError('user_token_cost_eur')}
          step="0.0001"
        />
        {GENERATION_TYPES.map((type) => (
          <NumberField
            key={type}
            id={`generation_costs.${type}`}
            label={t(`adminEconomy.pricing.cost.${type}`)}
            hint={t('adminEconomy.pricing.costHint')}
            value={draft[type]}
            onChange={set(type)}
            error={fieldError(`generation_costs.${type}`)}
            step="1"
            min={0}
          />
        ))}
      </div>
      <div className="flex items-center gap-3">
        <Switch id="free_generation_for_text" checked={draft.free_generation_for_text} onCheckedChange={set('free_generation_for_text')} />
        <Label htmlFor="free_generation_for_text">{t('adminEconomy.pricing.freeText')}</Label>
      </div>

      <section aria-labelledby="pricing-preview-title" className="grid min-w-0 gap-2" data-testid="pricing-preview" aria-live="polite">
        <h3 id="pricing-preview-title" className="text-sm font-semibold">
          {t('adminEconomy.pricing.preview')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('adminEconomy.pricing.formula')}</p>
        <div className="relative overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-labelledby="pricing-preview-title">
          <table className="w-full min-w-[28rem] text-sm">
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('adminEconomy.pricing.type')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('adminEconomy.pricing.providerCost')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('adminEconomy.pricing.userPrice')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('adminEconomy.pricing.tokens')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('adminEconomy.pricing.margin')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {GENERATION_TYPES.map((type) => {
                const quote = invalid ? null : quoteGeneration(config, type);
                return (
                  <tr key={type} data-testid={`preview-${type}`}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {t(`adminEconomy.pricing.types.${type}`)}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums" data-testid={`preview-${type}-cost`}>
                      {quote ? f.eurPrecise(quote.providerCostEur) : '—'}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums" data-testid={`preview-${type}-price`}>
                      {quote
                        ? quote.priceEur === 0 && type === 'text' && config.free_generation_for_text
                          ? t('adminEconomy.pricing.free')
                          : f.eurPrecise(quote.priceEur)
                        : '—'}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums" data-testid={`preview-${type}-tokens`}>
                      {quote ? f.number(quote.tokens) : '—'}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums" data-testid={`preview-${type}-margin`}>
                      {quote && quote.priceEur > 0 ? f.percent(marginPercent(quote.priceEur, quote.providerCostEur)) : '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      {invalid && (submitted || dirty) ? (
        <Alert variant="destructive" data-testid="pricing-invalid">
          <AlertCircle />
          {PRICING_MESSAGES.invalid}
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" disabled={!dirty || save.isPending} onClick={() => setDraft(toDraft(saved))}>
          <RotateCcw />
          {t('adminEconomy.pricing.reset')}
        </Button>
        <Button type="submit" disabled={save.isPending || !dirty}>
          {save.isPending ? <Loader2 className="animate-spin" /> : null}
          {t('adminEconomy.pricing.save')}
        </Button>
      </div>
    </form>
  );
}

function NumberField({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  step,
  min,
  max,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  step: string;
  min?: number;
  max?: number;
}) {
  const described = useId();
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={id}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      <p id={described} className={error ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {error ?? hint}
      </p>
    </div>
  );
}
