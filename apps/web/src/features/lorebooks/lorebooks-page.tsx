import { BookOpen, FileUp, Loader2, Plus } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { LorebookSummary } from '@app/shared/lorebooks/schemas';
import { EmptyState } from '@/components/empty-state';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import { useCreateLorebook, useImportLorebook, useLorebook, useLorebooks } from './api';
import { BookEditor } from './book-editor';
import './texts';

/**
 * /lorebooks (issue 20 §1): the caller's lorebooks, new or imported from SillyTavern (a world
 * file, or a card with its book), and the open one's editor. `?book=` opens one, `&entry=`
 * opens and marks one of its entries (the chat's Prompt panel links there).
 */
export function LorebooksPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const books = useLorebooks();
  const create = useCreateLorebook();
  const importBook = useImportLorebook();
  const fileInput = useRef<HTMLInputElement>(null);
  const selectedId = params.get('book');
  const entryParam = params.get('entry');
  const highlight = entryParam !== null && /^\d+$/.test(entryParam) ? Number(entryParam) : null;
  const select = (id: string | null) => setParams(id ? { book: id } : {}, { replace: false });
  const book = useLorebook(selectedId);
  const fail = (err: Error) => toast.error(translateMessage(err.message));

  return (
    <div className="grid grid-cols-1 gap-5">
      <PageHeader icon={BookOpen} title={t('lorebooks.title')} subtitle={t('lorebooks.subtitle')} />
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => create.mutate({ name: t('lorebooks.newName') }, { onSuccess: (b) => select(b.id), onError: fail })}
          disabled={create.isPending}
          data-testid="new-lorebook"
        >
          {create.isPending ? <Loader2 className="animate-spin" /> : <Plus />} {t('lorebooks.new')}
        </Button>
        <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={importBook.isPending} data-testid="import-lorebook">
          {importBook.isPending ? <Loader2 className="animate-spin" /> : <FileUp />} {t('lorebooks.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,.png,application/json,image/png"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('lorebooks.import')}
          data-testid="import-lorebook-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file)
              importBook.mutate(file, {
                onSuccess: (b) => (toast.success(t('lorebooks.imported', { name: b.name, count: b.entries.length })), select(b.id)),
                onError: fail,
              });
          }}
        />
      </div>

      <div className="grid gap-5 lg:grid-cols-[18rem_1fr]">
        <nav aria-label={t('lorebooks.listLabel')}>
          {books.isError ? (
            <ErrorCard message={t('lorebooks.loadFailed')} onRetry={() => void books.refetch()} />
          ) : books.data === undefined ? (
            <div className="grid gap-2" role="status" aria-busy="true" aria-label={t('common.loading')}>
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : books.data.items.length === 0 ? (
            <EmptyState icon={<BookOpen />} title={t('lorebooks.empty')} hint={t('lorebooks.emptyHint')} testId="lorebooks-empty" />
          ) : (
            <ul className="grid gap-2" data-testid="lorebook-list">
              {books.data.items.map((b) => (
                <BookItem key={b.id} book={b} selected={b.id === selectedId} onSelect={() => select(b.id)} />
              ))}
            </ul>
          )}
        </nav>
        <section aria-label={t('lorebooks.editorLabel')}>
          {selectedId === null ? (
            books.data && books.data.items.length > 0 ? (
              <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{t('lorebooks.pick')}</p>
            ) : null
          ) : book.isError ? (
            <ErrorCard message={t('lorebooks.loadOneFailed')} onRetry={() => void book.refetch()} />
          ) : book.data === undefined ? (
            <div className="grid gap-3" role="status" aria-busy="true" aria-label={t('common.loading')}>
              <Skeleton className="h-48" />
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : (
            <BookEditor key={book.data.id} book={book.data} highlight={highlight} onDeleted={() => select(null)} />
          )}
        </section>
      </div>
    </div>
  );
}

function BookItem({ book, selected, onSelect }: { book: LorebookSummary; selected: boolean; onSelect(): void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'grid w-full gap-0.5 rounded-lg border bg-card p-3 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30',
          selected && 'border-primary bg-primary/5',
        )}
      >
        <span className="truncate font-medium">{book.name}</span>
        <span className="text-xs text-muted-foreground">
          {t('lorebooks.entryCount', { count: book.entryCount })}
          {book.botIds.length + book.chatIds.length > 0
            ? ` · ${t('lorebooks.attachedCount', { bots: book.botIds.length, chats: book.chatIds.length })}`
            : ''}
        </span>
      </button>
    </li>
  );
}
