import { AlertCircle, Gem, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import './texts';

/**
 * The purchase's confirmation: the price, the gem balance and what is left after; with too few
 * gems it says how many are missing and offers the gem packages instead of the purchase.
 */
export function PurchaseDialog({
  open,
  onOpenChange,
  seasonName,
  price,
  balance,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  seasonName: string;
  price: number;
  /** The gems the caller has; undefined while it loads. */
  balance: number | undefined;
  pending: boolean;
  onConfirm(): void;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const gems = (n: number) => t('seasonPass.reward.gems', { count: n, value: number.format(n) });
  const short = balance !== undefined && balance < price;
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? null : onOpenChange(next))}>
      <DialogContent data-testid="season-purchase-dialog">
        <DialogHeader>
          <DialogTitle>{t('seasonPass.purchase.title')}</DialogTitle>
          <DialogDescription>{t('seasonPass.purchase.text', { name: seasonName })}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 rounded-lg bg-muted/50 p-3 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{t('seasonPass.purchase.price')}</dt>
            <dd className="font-medium tabular-nums" data-testid="purchase-price">
              {gems(price)}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{t('seasonPass.purchase.balance')}</dt>
            <dd className="font-medium tabular-nums" data-testid="purchase-balance">
              {balance === undefined ? <Skeleton className="h-4 w-16" /> : gems(balance)}
            </dd>
          </div>
          {balance !== undefined && !short ? (
            <div className="flex justify-between gap-3 border-t pt-2">
              <dt className="text-muted-foreground">{t('seasonPass.purchase.after')}</dt>
              <dd className="font-medium tabular-nums">{gems(balance - price)}</dd>
            </div>
          ) : null}
        </dl>
        {short ? (
          <Alert variant="destructive">
            <AlertCircle />
            <span>{t('seasonPass.purchase.short', { gems: gems(price - balance) })}</span>
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('common.cancel')}
          </Button>
          {short ? (
            <Button asChild>
              <Link to={ROUTES.tokens}>
                <Gem aria-hidden />
                {t('seasonPass.purchase.getGems')}
              </Link>
            </Button>
          ) : (
            <Button variant="premium" onClick={onConfirm} disabled={pending || balance === undefined} data-testid="confirm-purchase">
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Gem aria-hidden />}
              {t('seasonPass.purchase.confirm', { gems: gems(price) })}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
