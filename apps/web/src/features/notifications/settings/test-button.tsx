import { Loader2, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import './texts';

/** A channel's Test button; its accessible name says which channel. */
export function TestButton({ channelName, pending, onClick }: { channelName: string; pending: boolean; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={onClick}
      disabled={pending}
      aria-label={t('settingsNotifications.channels.testLabel', { channel: channelName })}
    >
      {pending ? <Loader2 className="animate-spin" /> : <Send />}
      {pending ? t('settingsNotifications.channels.testing') : t('settingsNotifications.channels.test')}
    </Button>
  );
}
