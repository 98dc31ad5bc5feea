import { Pencil, Plus, Star, Trash2, VenetianMask } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Persona } from '@app/shared/personas/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { translateMessage } from '@/lib/messages';
import { useDeletePersona, usePersonas, useUpdatePersona } from './api';
import { PersonaDialog } from './persona-dialog';
import './texts';

/**
 * /personas (issue 20 §2): who the user is in their chats. `{{user}}` in a character's words
 * becomes the persona's name and its description tells the character about them; the default
 * one speaks in every chat that has not picked another (the chat's header picks).
 */
export function PersonasPage() {
  const { t } = useTranslation();
  const personas = usePersonas();
  // The form's persona (null: a new one) stays while the dialog closes, so its title does not flip.
  const [editing, setEditing] = useState<{ open: boolean; persona: Persona | null; opened: number }>({
    open: false,
    persona: null,
    opened: 0,
  });
  const edit = (persona: Persona | null) => setEditing((e) => ({ open: true, persona, opened: e.opened + 1 }));
  const [deleting, setDeleting] = useState<Persona | null>(null);
  const remove = useDeletePersona();

  return (
    <div className="grid gap-5">
      <PageHeader icon={VenetianMask} title={t('personas.title')} subtitle={t('personas.subtitle')} />
      <div>
        <Button onClick={() => edit(null)} data-testid="new-persona">
          <Plus /> {t('personas.new')}
        </Button>
      </div>
      {personas.isError ? (
        <ErrorCard message={t('personas.loadFailed')} onRetry={() => void personas.refetch()} />
      ) : personas.data === undefined ? (
        <div className="grid gap-3 sm:grid-cols-2" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : personas.data.items.length === 0 ? (
        <EmptyState icon={<VenetianMask />} title={t('personas.empty')} hint={t('personas.emptyHint')} testId="personas-empty" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="persona-list">
          {personas.data.items.map((p) => (
            <PersonaCard key={p.id} persona={p} onEdit={() => edit(p)} onDelete={() => setDeleting(p)} />
          ))}
        </ul>
      )}
      <PersonaDialog
        key={editing.opened}
        persona={editing.persona}
        open={editing.open}
        onOpenChange={(open) => setEditing((e) => ({ ...e, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('personas.deleteTitle', { name: deleting?.name ?? '' })}
        description={deleting?.isDefault ? t('personas.deleteDefaultHint') : t('personas.deleteHint')}
        confirmLabel={t('personas.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => (toast.success(t('personas.deleted')), setDeleting(null)),
            onError: (err) => toast.error(translateMessage(err.message)),
          })
        }
      />
    </div>
  );
}

function PersonaCard({ persona, onEdit, onDelete }: { persona: Persona; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation();
  const update = useUpdatePersona();
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4" data-testid="persona-card">
      <div className="flex items-start gap-3">
        <Avatar src={persona.avatarUrl} name={persona.name} className="size-12 rounded-xl" decorative />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="truncate">{persona.name}</span>
            {persona.isDefault ? (
              <Badge variant="secondary" data-testid="persona-default-badge">
                {t('personas.default')}
              </Badge>
            ) : null}
          </h2>
          <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-muted-foreground">
            {persona.description || t('personas.noDescription')}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('personas.editNamed', { name: persona.name })}>
          <Pencil /> {t('personas.edit')}
        </Button>
        {persona.isDefault ? null : (
          <Button
            variant="ghost"
            size="sm"
            disabled={update.isPending}
            aria-label={t('personas.makeDefaultNamed', { name: persona.name })}
            onClick={() =>
              update.mutate(
                { id: persona.id, change: { isDefault: true } },
                { onError: (err) => toast.error(translateMessage(err.message)) },
              )
            }
          >
            <Star /> {t('personas.makeDefault')}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={t('personas.deleteNamed', { name: persona.name })}>
          <Trash2 /> {t('personas.delete')}
        </Button>
      </div>
    </li>
  );
}
