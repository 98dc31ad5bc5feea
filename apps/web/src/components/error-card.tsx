import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { translateMessage } from '@/lib/messages';

/** The spec's error display: a card titled Error with the message, and a way to try again. */
export function ErrorCard({ message, onRetry }: { message: string; onRetry?(): void }) {
  const { t } = useTranslation();
  return (
    <Card className="border-destructive/40" role="alert">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base text-destructive">
          <AlertCircle className="size-5" />
          {t('common.error')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">{translateMessage(message)}</p>
        {onRetry ? (
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
