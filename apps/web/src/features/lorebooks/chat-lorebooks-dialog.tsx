import { BookOpen, BookPlus, Library, Loader2, Pencil, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import { LORE_LIMITS } from '@app/shared/lorebooks/rules';
import { EmptyState } from '@/components/empty-state';
import { ErrorCard } from '@/components/error-card';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { translateMessage } from '@/lib/messages';
import { useChatLorebookChange, useChatLorebooks, useLorebooks } from './api';
import './texts';

const MAX = LORE_LIMITS.perChat;
const editLink = (id: string) => `${ROUTES.lorebooks}?book=${id}`;

/**
 * The lorebooks of one chat (issue 20 §1): the books its owner attached to it, scanned before the
 * bot's own, and a way to attach another of theirs (at most 10) or to take one off. The content of
 * the Dialog that chat-lorebooks-button.tsx holds, in a chunk of its own.
 */
export function ChatLorebooksDialogContent({ chatId, botIds }: { chatId: string; botIds: string[] }) {
  const { t } = useTranslation();
  const selectId = useId();
  const listId = useId();
  const noteId = useId();
  const attached = useChatLorebooks(chatId);
  const books = useLorebooks();
  const change = useChatLorebookChange(chatId);
  const [pick, setPick] = useState('');

  const items = attached.data?.items ?? [];
  const full = items.length >= MAX;
  const available = (books.data?.items ?? []).filter((b) => !items.some((a) => a.id === b.id));
  // The characters' own books (of the caller's characters: another creator's book is theirs), scanned after these.
  const characters = (books.data?.items ?? []).filter((b) => b.botIds.some((id) => botIds.includes(id)));
  // A pick attached meanwhile (or deleted) is no pick.
  const chosen = available.some((b) => b.id === pick) ? pick : '';
  const busy = (lorebookId: string) => change.isPending && change.variables?.lorebookId === lorebookId;
  const run = (lorebookId: string, attach: boolean) =>
    change.mutate(
      { lorebookId, attach },
      {
        onSuccess: () => (attach ? setPick('') : undefined),
        onError: (err) => void toast.error(translateMessage(err.message)),
      },
    );

  return (
    <DialogContent className="grid-cols-[minmax(0,1fr)]" data-testid="chat-lorebooks-dialog">
      <DialogHeader>
        <DialogTitle>{t('lorebooks.chat.title')}</DialogTitle>
        <DialogDescription>{t('lorebooks.chat.hint', { max: MAX })}</DialogDescription>
      </DialogHeader>

      <section className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-labelledby={listId}>
        <h3 id={listId} className="text-sm font-semibold">
          {t('lorebooks.chat.attached', { count: items.length, max: MAX })}
        </h3>
        <div aria-live="polite">
          {attached.isError ? (
            <ErrorCard message={t('lorebooks.chat.loadFailed')} onRetry={() => void attached.refetch()} />
          ) : attached.data === undefined ? (
            <div className="grid gap-2" role="status" aria-busy="true" aria-label={t('common.loading')}>
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          ) : items.length === 0 ? (
            <EmptyState
              icon={<BookOpen />}
              title={t('lorebooks.chat.none')}
              hint={t('lorebooks.chat.noneHint')}
              testId="chat-lorebooks-empty"
            />
          ) : (
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="chat-lorebooks-list">
              {items.map((book) => (
                <li
                  key={book.id}
                  className="flex items-center gap-2 rounded-lg border bg-muted/40 py-2 pl-3 pr-2"
                  data-testid="chat-lorebook"
                >
                  <BookOpen className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium" title={book.name}>
                      {book.name}
                    </p>
                    <p className="text-xs text-muted-foreground">{t('lorebooks.entryCount', { count: book.entryCount })}</p>
                  </div>
                  <Button asChild variant="ghost" size="icon" className="size-8">
                    <Link
                      to={editLink(book.id)}
                      aria-label={t('lorebooks.chat.edit', { name: book.name })}
                      title={t('lorebooks.chat.edit', { name: book.name })}
                      data-testid="chat-lorebook-edit"
                    >
                      <Pencil />
                    </Link>
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={change.isPending}
                    aria-label={t('lorebooks.chat.removeName', { name: book.name })}
                    onClick={() => run(book.id, false)}
                    data-testid="chat-lorebook-remove"
                  >
                    {busy(book.id) ? <Loader2 className="animate-spin" aria-hidden /> : null}
                    {t('lorebooks.chat.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {characters.length > 0 ? (
          <div className="grid gap-1 text-sm" data-testid="chat-character-lorebooks">
            <p className="text-muted-foreground">{t('lorebooks.chat.characters', { count: characters.length })}</p>
            <ul className="flex flex-wrap gap-x-3 gap-y-1">
              {characters.map((book) => (
                <li key={book.id} className="min-w-0">
                  <Link
                    to={editLink(book.id)}
                    className="rounded-sm text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
                  >
                    {book.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section className="grid grid-cols-[minmax(0,1fr)] gap-2 border-t pt-4" aria-label={t('lorebooks.chat.attachLabel')}>
        {books.isError ? (
          <ErrorCard message={t('lorebooks.loadFailed')} onRetry={() => void books.refetch()} />
        ) : books.data === undefined ? (
          <div className="grid gap-2" role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-10" />
          </div>
        ) : books.data.items.length === 0 ? (
          <div
            className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-6 text-center"
            data-testid="chat-lorebooks-no-books"
          >
            <Library className="size-6 text-muted-foreground" aria-hidden />
            <p className="font-medium">{t('lorebooks.chat.noBooks')}</p>
            <p className="text-sm text-muted-foreground">{t('lorebooks.chat.noBooksHint')}</p>
            <Button asChild size="sm" className="mt-1">
              <Link to={ROUTES.lorebooks}>
                <BookPlus />
                {t('lorebooks.chat.create')}
              </Link>
            </Button>
          </div>
        ) : (
          <>
            <Label htmlFor={selectId}>{t('lorebooks.chat.attachLabel')}</Label>
            <div className="flex flex-col gap-2 min-[400px]:flex-row">
              <Select value={chosen} onValueChange={setPick} disabled={full || available.length === 0 || attached.data === undefined}>
                <SelectTrigger
                  id={selectId}
                  className="min-w-0 flex-1"
                  aria-describedby={full || available.length === 0 ? noteId : undefined}
                  data-testid="chat-lorebook-select"
                >
                  <SelectValue placeholder={available.length === 0 ? t('lorebooks.chat.allAttached') : t('lorebooks.chat.choose')} />
                </SelectTrigger>
                <SelectContent className="max-w-[var(--radix-select-trigger-width)]">
                  {available.map((b) => (
                    <SelectItem key={b.id} value={b.id}>
                      <span>{b.name}</span>
                      <span className="text-muted-foreground"> · {t('lorebooks.entryCount', { count: b.entryCount })}</span>
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Button
                onClick={() => run(chosen, true)}
                disabled={!chosen || full || change.isPending}
                className="h-10"
                data-testid="chat-lorebook-attach"
              >
                {busy(chosen) ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
                {t('lorebooks.chat.attach')}
              </Button>
            </div>
            {full ? (
              <p id={noteId} className="text-xs text-muted-foreground" data-testid="chat-lorebooks-full">
                {t('lorebooks.chat.full', { max: MAX })}
              </p>
            ) : available.length === 0 ? (
              <p id={noteId} className="text-xs text-muted-foreground">
                {t('lorebooks.chat.allAttachedHint')}
              </p>
            ) : null}
            <Link
              to={ROUTES.lorebooks}
              className="justify-self-start rounded-sm text-sm text-primary underline-offset-4 hover:underline"
              data-testid="chat-lorebooks-manage"
            >
              {t('lorebooks.chat.manage')}
            </Link>
          </>
        )}
      </section>
    </DialogContent>
  );
}
