import { useQuery } from '@tanstack/react-query';
import { BookOpen, ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { ZReplyPrompt } from '@app/shared/lorebooks/schemas';
import { EmptyState } from '@/components/empty-state';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { api, ApiRequestError } from '@/lib/api-client';
// The panel's texts are the lorebooks area's, added with this chunk (lib/lazy-texts.ts).
import { useLorebooks } from '@/features/lorebooks/api';
import '@/features/lorebooks/texts';
import { useReturnFocus } from '@/lib/use-return-focus';

/** What the model was sent for a reply (issue 20 §1): null when the server keeps none (a greeting, an old reply). */
function useReplyPrompt(chatId: string, messageId: string | null) {
  return useQuery({
    queryKey: ['chats', chatId, 'prompt', messageId],
    queryFn: async () => {
      try {
        return await api(`/api/chats/${chatId}/messages/${messageId}/prompt`, { schema: ZReplyPrompt });
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: messageId !== null,
    staleTime: Infinity,
  });
}

/** The Prompt panel: the messages the model got, in order, and the lorebook entries that went in. */
export function PromptDialog({ chatId, messageId, onClose }: { chatId: string; messageId: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const prompt = useReplyPrompt(chatId, messageId);
  const books = useLorebooks(messageId !== null);
  const own = new Set(books.data?.items.map((b) => b.id) ?? []);
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={messageId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl" data-testid="prompt-dialog" {...returnFocus}>
        <DialogHeader>
          <DialogTitle>{t('lorebooks.prompt.title')}</DialogTitle>
          <DialogDescription>{t('lorebooks.prompt.subtitle')}</DialogDescription>
        </DialogHeader>
        {prompt.isError ? (
          <ErrorCard message={t('lorebooks.prompt.loadFailed')} onRetry={() => void prompt.refetch()} />
        ) : prompt.data === undefined ? (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-24" />
            <Skeleton className="h-16" />
          </div>
        ) : prompt.data === null ? (
          <EmptyState icon={<ScrollText />} title={t('lorebooks.prompt.none')} hint={t('lorebooks.prompt.noneHint')} testId="prompt-none" />
        ) : (
          <div className="grid gap-4">
            <section className="grid gap-2" aria-labelledby="prompt-lore">
              <h3 id="prompt-lore" className="flex items-center gap-2 text-sm font-semibold">
                <BookOpen className="size-4" aria-hidden />
                {t('lorebooks.prompt.lore')}
              </h3>
              {prompt.data.lore.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('lorebooks.prompt.noLore')}</p>
              ) : (
                <ul className="flex flex-wrap gap-2" data-testid="prompt-lore">
                  {prompt.data.lore.map((l) => (
                    <li key={`${l.lorebookId}:${l.entryId}`}>
                      {/* Only the viewer's own books open in their editor: a public bot's book is its creator's. */}
                      {own.has(l.lorebookId) ? (
                        <Link to={`${ROUTES.lorebooks}?book=${l.lorebookId}&entry=${l.entryId}`}>
                          <Badge variant="secondary">{l.name}</Badge>
                        </Link>
                      ) : (
                        <Badge variant="outline" title={t('lorebooks.prompt.notYours')}>
                          {l.name || t('lorebooks.prompt.unnamed')}
                        </Badge>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="grid gap-2" aria-labelledby="prompt-messages">
              <h3 id="prompt-messages" className="text-sm font-semibold">
                {t('lorebooks.prompt.messages', { count: prompt.data.messages.length })}
              </h3>
              <ol className="grid gap-2" data-testid="prompt-messages">
                {prompt.data.messages.map((m, i) => (
                  <li key={i} className="rounded-lg border bg-muted/40 p-3">
                    <p className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">
                      {t(`lorebooks.prompt.role.${m.role}`)}
                    </p>
                    <pre className="whitespace-pre-wrap break-words font-sans text-sm">{m.content}</pre>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
