import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Shown when a page throws while rendering: the app keeps a way out instead of a blank screen. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid min-h-dvh max-w-md place-items-center p-6 text-center">
      <div className="grid place-items-center gap-4">
        <AlertTriangle className="size-10 text-destructive" />
        <h1 className="text-2xl font-bold">{t('status.crashTitle')}</h1>
        <p className="text-muted-foreground">{t('status.crashText')}</p>
        <Button onClick={() => window.location.assign('/')}>{t('common.goHome')}</Button>
      </div>
    </div>
  );
}
