import { Download, Loader2, Plus, Save, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { LeaveGuard } from './leave-guard';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ZLoreEntry, type LoreEntry, type Lorebook } from '@app/shared/lorebooks/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/lib/messages';
import { downloadLorebook, useDeleteLorebook, useSaveLorebook } from './api';
import { EntryEditor, Field, Toggle } from './entry-editor';
import './texts';

/**
 * A lorebook's editor: its name, description and scan settings, and its entries (search, add,
 * reorder, remove, every option). Changes are kept here until Save sends them at once.
 */
export function BookEditor({ book, highlight, onDeleted }: { book: Lorebook; highlight: number | null; onDeleted(): void }) {
  const { t } = useTranslation();
  const save = useSaveLorebook(book.id);
  const remove = useDeleteLorebook();
  const [draft, setDraft] = useState(book);
  const [open, setOpen] = useState<Set<number>>(() => new Set(highlight === null ? [] : [highlight]));
  const [query, setQuery] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  // This book saved (a new copy from the server): start from it (React's "adjusting state on a prop change").
  const [base, setBase] = useState(book);
  if (base !== book) {
    setBase(book);
    setDraft(book);
  }
  const dirty = JSON.stringify(draft) !== JSON.stringify(book);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return draft.entries;
    return draft.entries.filter((e) => [e.name, e.content, ...e.keys, ...e.secondaryKeys].some((s) => s.toLowerCase().includes(q)));
  }, [draft.entries, query]);

  const setEntries = (entries: LoreEntry[]) => setDraft((d) => ({ ...d, entries }));
  const addEntry = () => {
    const id = Math.max(-1, ...draft.entries.map((e) => e.id)) + 1;
    setEntries([...draft.entries, ZLoreEntry.parse({ id, name: t('lorebooks.entry.newName') })]);
    setOpen((o) => new Set(o).add(id));
    setQuery('');
  };
  const move = (index: number, by: -1 | 1) => {
    const entries = [...draft.entries];
    const [entry] = entries.splice(index, 1);
    entries.splice(index + by, 0, entry!);
    setEntries(entries);
  };
  const submit = () =>
    save.mutate(
      { name: draft.name, description: draft.description, settings: draft.settings, entries: draft.entries },
      {
        onSuccess: () => toast.success(t('lorebooks.saved')),
        onError: (err) => toast.error(translateMessage(err.message)),
      },
    );
  const settings = draft.settings;
  const setSetting = <K extends keyof typeof settings>(key: K, value: (typeof settings)[K]) =>
    setDraft((d) => ({ ...d, settings: { ...d.settings, [key]: value } }));

  return (
    <div className="grid gap-4" data-testid="lorebook-editor">
      <Card>
        <CardContent className="grid gap-4 p-4 sm:grid-cols-2">
          <Field label={t('lorebooks.name')} id="book-name">
            <Input id="book-name" value={draft.name} maxLength={100} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} />
          </Field>
          <Field label={t('lorebooks.attached')} id="book-attached">
            <p id="book-attached" className="text-sm text-muted-foreground">
              {t('lorebooks.attachedCount', { bots: book.botIds.length, chats: book.chatIds.length })}
            </p>
          </Field>
          <div className="sm:col-span-2">
            <Field label={t('lorebooks.description')} id="book-description">
              <Textarea
                id="book-description"
                rows={2}
                maxLength={2000}
                value={draft.description}
                onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
              />
            </Field>
          </div>
          <Field label={t('lorebooks.scanDepth')} id="book-scan" hint={t('lorebooks.scanDepthHint')}>
            <Input
              id="book-scan"
              type="number"
              min={0}
              max={1000}
              value={settings.scanDepth}
              onChange={(e) => setSetting('scanDepth', Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
            />
          </Field>
          <Field label={t('lorebooks.budget')} id="book-budget" hint={t('lorebooks.budgetHint')}>
            <Input
              id="book-budget"
              type="number"
              min={1}
              max={100}
              value={settings.budgetPercent}
              onChange={(e) => setSetting('budgetPercent', Math.min(100, Math.max(1, Math.trunc(Number(e.target.value) || 1))))}
            />
          </Field>
          <div className="grid gap-2 sm:col-span-2 sm:grid-cols-3">
            <Toggle
              id="book-recursive"
              label={t('lorebooks.recursive')}
              checked={settings.recursive}
              onChange={(v) => setSetting('recursive', v)}
            />
            <Toggle
              id="book-case"
              label={t('lorebooks.caseSensitive')}
              checked={settings.caseSensitive}
              onChange={(v) => setSetting('caseSensitive', v)}
            />
            <Toggle
              id="book-words"
              label={t('lorebooks.wholeWords')}
              checked={settings.matchWholeWords}
              onChange={(v) => setSetting('matchWholeWords', v)}
            />
          </div>
        </CardContent>
      </Card>

      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void downloadLorebook(book.id, book.name, 'sillytavern').catch((e: Error) => toast.error(translateMessage(e.message)))
          }
        >
          <Download /> {t('lorebooks.exportSillyTavern')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void downloadLorebook(book.id, book.name, 'card').catch((e: Error) => toast.error(translateMessage(e.message)))}
        >
          <Download /> {t('lorebooks.exportCard')}
        </Button>
        <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setConfirmDelete(true)}>
          <Trash2 /> {t('lorebooks.delete')}
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-48 flex-1">
          <SearchInput
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('lorebooks.searchEntries')}
            aria-label={t('lorebooks.searchEntries')}
          />
        </div>
        <Button variant="outline" onClick={addEntry} data-testid="add-entry">
          <Plus /> {t('lorebooks.addEntry')}
        </Button>
      </div>

      {draft.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{t('lorebooks.noEntries')}</p>
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{t('lorebooks.noMatch')}</p>
      ) : (
        <ol className="grid gap-2" aria-label={t('lorebooks.entries', { count: draft.entries.length })}>
          {shown.map((entry) => {
            const index = draft.entries.indexOf(entry);
            return (
              <EntryEditor
                key={entry.id}
                entry={entry}
                open={open.has(entry.id)}
                highlighted={highlight === entry.id}
                first={index === 0 || query !== ''}
                last={index === draft.entries.length - 1 || query !== ''}
                onToggle={() =>
                  setOpen((o) => {
                    const next = new Set(o);
                    if (!next.delete(entry.id)) next.add(entry.id);
                    return next;
                  })
                }
                onChange={(changed) => setEntries(draft.entries.map((e) => (e === entry ? changed : e)))}
                onMove={(by) => move(index, by)}
                onRemove={() => setEntries(draft.entries.filter((e) => e !== entry))}
              />
            );
          })}
        </ol>
      )}

      <div className="sticky bottom-0 flex items-center justify-end gap-3 border-t bg-background/95 py-3 backdrop-blur">
        {dirty ? <span className="text-sm text-muted-foreground">{t('lorebooks.unsaved')}</span> : null}
        <Button onClick={submit} disabled={!dirty || save.isPending || !draft.name.trim()} data-testid="save-lorebook">
          {save.isPending ? <Loader2 className="animate-spin" /> : <Save />} {dirty ? t('lorebooks.save') : t('lorebooks.savedState')}
        </Button>
      </div>

      {/* Not while the book is being deleted: its edits go with it. */}
      <LeaveGuard when={dirty && !remove.isPending && !remove.isSuccess} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('lorebooks.deleteTitle', { name: book.name })}
        description={t('lorebooks.deleteText')}
        confirmLabel={t('lorebooks.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(book.id, {
            onSuccess: () => (setConfirmDelete(false), onDeleted()),
            onError: (err) => toast.error(translateMessage(err.message)),
          })
        }
      />
    </div>
  );
}
