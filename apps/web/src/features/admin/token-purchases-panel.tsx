import { Loader2, Pencil, Plus, ReceiptEuro, Trash2 } from 'lucide-react';
import { useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { costPerTokenOf, utcToday } from '@app/shared/admin-economy/rules';
import { ZTokenPurchaseInput, type TokenPurchase } from '@app/shared/admin-economy/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/lib/messages';
import { useDeleteTokenPurchase, useSaveTokenPurchase, useTokenPurchases } from './economy-api';
import { formatters } from './format';
import { ListStates } from './list-states';
import './texts';

/** The provider's API token purchases (bots-header-auth.md §3): list, add, edit, delete; in euros alone (decision 040), the cost per token as the server computed it. */
export function TokenPurchasesPanel() {
  const { t, i18n } = useTranslation();
  const f = formatters(i18n.language);
  const purchases = useTokenPurchases();
  const [editing, setEditing] = useState<TokenPurchase | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TokenPurchase | null>(null);
  const remove = useDeleteTokenPurchase();

  return (
    <Card data-testid="admin-token-purchases" className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <ReceiptEuro className="size-5" aria-hidden="true" />
            {t('adminEconomy.purchases.title')}
          </CardTitle>
          <CardDescription>{t('adminEconomy.purchases.subtitle')}</CardDescription>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus />
          {t('adminEconomy.purchases.add')}
        </Button>
      </CardHeader>
      <CardContent>
        <ListStates
          query={purchases}
          loadFailed={t('adminEconomy.purchases.loadFailed')}
          empty={t('adminEconomy.purchases.empty')}
          rowClassName="h-10"
          isEmpty={(data) => data.length === 0}
        >
          {(data) => (
            <div
              className="relative overflow-x-auto rounded-lg border"
              tabIndex={0}
              role="region"
              aria-label={t('adminEconomy.purchases.title')}
            >
              <table className="w-full min-w-[56rem] text-sm" data-testid="token-purchases-table">
                <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('adminEconomy.purchases.date')}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('adminEconomy.purchases.platform')}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('adminEconomy.purchases.supplier')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t('adminEconomy.purchases.tokens')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t('adminEconomy.purchases.pricePaid')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t('adminEconomy.purchases.costPerToken')}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('adminEconomy.purchases.notes')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      <span className="sr-only">{t('adminEconomy.purchases.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {data.map((p) => (
                    <tr key={p.id} data-testid="token-purchase-row">
                      <td className="whitespace-nowrap px-3 py-2">{f.day(p.purchase_date)}</td>
                      <td className="px-3 py-2">{p.platform}</td>
                      <td className="px-3 py-2">{p.supplier || '—'}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{f.number(p.tokens_purchased)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{f.eur(p.price_paid_eur)}</td>
                      <td className="px-3 py-2 text-right tabular-nums" data-testid="cost-per-token">
                        {f.eurPrecise(p.cost_per_token)}
                      </td>
                      <td className="max-w-48 truncate px-3 py-2 text-muted-foreground" title={p.notes}>
                        {p.notes || '—'}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 text-right">
                        <Button
                          size="icon"
                          variant="ghost"
                          onClick={() => setEditing(p)}
                          aria-label={t('adminEconomy.purchases.edit', { date: f.day(p.purchase_date) })}
                        >
                          <Pencil />
                        </Button>
                        <Button
                          size="icon"
                          variant="ghost"
                          onClick={() => setDeleting(p)}
                          aria-label={t('adminEconomy.purchases.delete', { date: f.day(p.purchase_date) })}
                        >
                          <Trash2 />
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListStates>
      </CardContent>
      {editing ? <PurchaseDialog purchase={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t('adminEconomy.purchases.deleteTitle')}
        description={
          deleting
            ? t('adminEconomy.purchases.deleteText', {
                tokens: f.number(deleting.tokens_purchased),
                price: f.eur(deleting.price_paid_eur),
                date: f.day(deleting.purchase_date),
              })
            : undefined
        }
        confirmLabel={t('common.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('adminEconomy.purchases.deleted'));
            },
            onError: (err) => toast.error(translateMessage(err.message)),
          })
        }
      />
    </Card>
  );
}

interface Draft {
  platform: string;
  tokens_purchased: string;
  price_paid_eur: string;
  supplier: string;
  purchase_date: string;
  notes: string;
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(',', '.')));

/** Add or edit one purchase; the fields are checked with the API's own schema before sending. */
function PurchaseDialog({ purchase, onClose }: { purchase: TokenPurchase | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const f = formatters(i18n.language);
  const save = useSaveTokenPurchase();
  const [draft, setDraft] = useState<Draft>(() => ({
    platform: purchase?.platform ?? 'openai',
    tokens_purchased: purchase ? String(purchase.tokens_purchased) : '',
    price_paid_eur: purchase ? String(purchase.price_paid_eur) : '',
    supplier: purchase?.supplier ?? '',
    purchase_date: purchase?.purchase_date ?? utcToday(),
    notes: purchase?.notes ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const tokens = num(draft.tokens_purchased);
  const price = num(draft.price_paid_eur);
  const computable = Number.isInteger(tokens) && tokens > 0 && price > 0;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZTokenPurchaseInput.safeParse({
      ...draft,
      tokens_purchased: num(draft.tokens_purchased),
      price_paid_eur: num(draft.price_paid_eur),
      // The page is in euros alone (decision 040): the API's cost_usd is kept as it was, never shown.
      cost_usd: purchase?.cost_usd ?? 0,
    });
    if (!parsed.success) {
      const next: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Draft;
        next[key] ??= t(`adminEconomy.purchases.invalid.${key}`);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { id: purchase?.id, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(t(purchase ? 'adminEconomy.purchases.updated' : 'adminEconomy.purchases.added'));
          onClose();
        },
        onError: (err) => {
          if (err instanceof Error && 'field' in err && typeof err.field === 'string')
            setErrors({ [err.field]: translateMessage(err.message) });
          else toast.error(translateMessage(err.message));
        },
      },
    );
  }

  const field = (key: keyof Draft, label: string, props: Partial<ComponentProps<typeof Input>> = {}) => (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={`purchase-${key}`}>{label}</Label>
      <Input
        id={`purchase-${key}`}
        value={draft[key]}
        onChange={(e) => set(key)(e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `purchase-${key}-error` : undefined}
        {...props}
      />
      {errors[key] ? (
        <p id={`purchase-${key}-error`} className="text-xs text-destructive">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t(purchase ? 'adminEconomy.purchases.editTitle' : 'adminEconomy.purchases.addTitle')}</DialogTitle>
          <DialogDescription>{t('adminEconomy.purchases.dialogText')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('tokens_purchased', t('adminEconomy.purchases.tokens'), { type: 'number', inputMode: 'numeric', min: 1, step: 1 })}
            {field('price_paid_eur', t('adminEconomy.purchases.pricePaid'), { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' })}
            {field('purchase_date', t('adminEconomy.purchases.date'), { type: 'date' })}
            {field('platform', t('adminEconomy.purchases.platform'), { maxLength: 100 })}
            {field('supplier', t('adminEconomy.purchases.supplier'), { maxLength: 200 })}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="purchase-notes">{t('adminEconomy.purchases.notes')}</Label>
            <Textarea id="purchase-notes" value={draft.notes} maxLength={2000} rows={2} onChange={(e) => set('notes')(e.target.value)} />
          </div>
          <dl className="grid gap-3 rounded-lg bg-muted/50 p-3 text-sm" data-testid="purchase-computed">
            <div>
              <dt className="text-xs text-muted-foreground">{t('adminEconomy.purchases.costPerToken')}</dt>
              <dd className="font-medium tabular-nums">{computable ? f.eurPrecise(costPerTokenOf(price, tokens)) : '—'}</dd>
            </div>
          </dl>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Loader2 className="animate-spin" /> : null}
              {t('common.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
