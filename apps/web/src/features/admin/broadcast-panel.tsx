import { Megaphone, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ADMIN_LIMITS } from '@app/shared/admin/rules';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCard } from '@/components/error-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/lib/messages';
import { useBroadcasts, useSendBroadcast } from './console-api';
import './texts';

/** A system notification to every user (POST /api/admin/broadcast), and the ones sent before. */
export function BroadcastPanel() {
  const { t, i18n } = useTranslation();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const send = useSendBroadcast();
  const history = useBroadcasts();
  const valid = title.trim().length > 0 && message.trim().length > 0;

  const submit = () =>
    send.mutate(
      { title: title.trim(), message: message.trim() },
      {
        onSuccess: () => {
          toast.success(t('console.broadcast.sent'));
          setTitle('');
          setMessage('');
          setConfirming(false);
        },
        onError: (err) => {
          toast.error(translateMessage(err.message));
          setConfirming(false);
        },
      },
    );

  return (
    <div className="grid gap-6">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Megaphone className="size-5" aria-hidden="true" />
            {t('console.broadcast.title')}
          </CardTitle>
          <CardDescription>{t('console.broadcast.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-4"
            data-testid="broadcast-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (valid) setConfirming(true);
            }}
          >
            <div className="grid gap-1.5">
              <Label htmlFor="broadcast-title">{t('console.broadcast.titleLabel')}</Label>
              <Input
                id="broadcast-title"
                value={title}
                maxLength={ADMIN_LIMITS.broadcastTitle}
                onChange={(e) => setTitle(e.target.value)}
              />
              <p className="text-right text-xs text-muted-foreground tabular-nums">
                {title.length}/{ADMIN_LIMITS.broadcastTitle}
              </p>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="broadcast-message">{t('console.broadcast.messageLabel')}</Label>
              <Textarea
                id="broadcast-message"
                value={message}
                maxLength={ADMIN_LIMITS.broadcastMessage}
                onChange={(e) => setMessage(e.target.value)}
              />
              <p className="text-right text-xs text-muted-foreground tabular-nums">
                {message.length}/{ADMIN_LIMITS.broadcastMessage}
              </p>
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={!valid || send.isPending}>
                <Send />
                {t('console.broadcast.send')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="text-base">{t('console.broadcast.history')}</CardTitle>
        </CardHeader>
        <CardContent>
          {history.isError ? (
            <ErrorCard message={history.error.message} onRetry={() => void history.refetch()} />
          ) : history.isPending ? (
            <div className="grid gap-2" role="status" aria-label={t('common.loading')}>
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-14" />
              ))}
            </div>
          ) : history.data.items.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">{t('console.broadcast.empty')}</p>
          ) : (
            <ul className="divide-y" data-testid="broadcast-history">
              {history.data.items.map((b) => (
                <li key={b.id} className="grid gap-1 py-3">
                  <p className="font-medium break-words">{b.title}</p>
                  <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">{b.message}</p>
                  <p className="text-xs text-muted-foreground">
                    {new Date(b.createdAt).toLocaleString(i18n.language)}
                    {b.admin ? ` · @${b.admin.username}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('console.broadcast.confirmTitle')}
        description={t('console.broadcast.confirmText', { title: title.trim() })}
        confirmLabel={t('console.broadcast.send')}
        pending={send.isPending}
        onConfirm={submit}
      />
    </div>
  );
}
