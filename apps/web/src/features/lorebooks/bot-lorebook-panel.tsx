import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookOpen, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import { ZBotLorebook } from '@app/shared/lorebooks/schemas';
import { ErrorCard } from '@/components/error-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { lorebookKeys, useLorebooks } from './api';
import './texts';

/**
 * The bot form's lorebook (issue 20 §1): which of the owner's books every chat with this bot
 * scans (an imported card's book is already there), and a way to its editor.
 */
export function BotLorebookPanel({ botId }: { botId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const books = useLorebooks();
  const client = useQueryClient();
  const attach = useMutation({
    mutationFn: (lorebookId: string | null) =>
      api(`/api/bots/${botId}/lorebook`, { method: 'PUT', body: { lorebookId }, schema: ZBotLorebook }),
    onSuccess: () => void client.invalidateQueries({ queryKey: lorebookKeys.all }),
    onError: (err) => toast.error(translateMessage(err.message)),
  });
  const current = books.data?.items.find((b) => b.botIds.includes(botId)) ?? null;

  return (
    <Card data-testid="bot-lorebook">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BookOpen className="size-4" aria-hidden /> {t('lorebooks.botPanel.title')}
        </CardTitle>
        <CardDescription>{t('lorebooks.botPanel.hint')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {books.isError ? (
          <ErrorCard message={t('lorebooks.loadFailed')} onRetry={() => void books.refetch()} />
        ) : books.data === undefined ? (
          <Skeleton className="h-10" />
        ) : (
          <div className="grid gap-1.5">
            <Label htmlFor={id}>{t('lorebooks.botPanel.label')}</Label>
            <div className="flex items-center gap-2">
              <select
                id={id}
                className="h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30"
                value={current?.id ?? ''}
                disabled={attach.isPending}
                onChange={(e) => attach.mutate(e.target.value || null)}
                data-testid="bot-lorebook-select"
              >
                <option value="">{t('lorebooks.botPanel.none')}</option>
                {books.data.items.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name} ({t('lorebooks.entryCount', { count: b.entryCount })})
                  </option>
                ))}
              </select>
              {attach.isPending ? <Loader2 className="size-4 animate-spin" aria-label={t('common.loading')} /> : null}
            </div>
          </div>
        )}
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <Link to={current ? `${ROUTES.lorebooks}?book=${current.id}` : ROUTES.lorebooks}>
            {current ? t('lorebooks.botPanel.edit') : t('lorebooks.botPanel.manage')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
