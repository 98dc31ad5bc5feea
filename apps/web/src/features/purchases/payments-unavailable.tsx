import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { useAppInfo } from '@/lib/app-info';
import './texts';

/**
 * Whether this installation takes payments at all (GET /api/app/info's `payments`): 'off' when it
 * has no Stripe key and the sandbox checkout is off (production, PAYMENTS_SANDBOX). While the info
 * loads, the shop stays as it is; the server refuses a purchase anyway.
 */
export function usePaymentsOff(): boolean {
  return useAppInfo().data?.payments === 'off';
}

/** Said where packs and plans are offered when nothing can be bought: instead of a checkout that would fail. */
export function PaymentsUnavailable() {
  const { t } = useTranslation();
  return (
    <Alert data-testid="payments-unavailable">
      <Ban aria-hidden />
      <div>
        <p className="font-semibold">{t('payments.unavailableTitle')}</p>
        <p className="text-muted-foreground">{t('payments.unavailableText')}</p>
      </div>
    </Alert>
  );
}
