import { Loader2, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PERSONA_LIMITS, PERSONA_MESSAGES } from '@app/shared/personas/rules';
import type { Persona } from '@app/shared/personas/schemas';
import { Avatar } from '@/components/ui/avatar';
import { ImageFileButton } from '@/components/image-file-button';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { useCreatePersona, useUpdatePersona, useUploadPersonaAvatar } from './api';
import './texts';

/**
 * A persona's form: a new one (`persona` null), or one to change, with its avatar (uploaded at
 * once, as a bot's is, since the persona exists).
 */
export function PersonaDialog({
  persona,
  open,
  onOpenChange,
}: {
  persona: Persona | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] grid-cols-[minmax(0,1fr)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{persona ? t('personas.editTitle') : t('personas.newTitle')}</DialogTitle>
          <DialogDescription>{t('personas.formHint')}</DialogDescription>
        </DialogHeader>
        {/* The page mounts the dialog afresh on every opening (its key): the form starts from the persona as it is now. */}
        <PersonaForm persona={persona} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PersonaForm({ persona, onDone }: { persona: Persona | null; onDone(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(persona?.name ?? '');
  const [description, setDescription] = useState(persona?.description ?? '');
  const [isDefault, setIsDefault] = useState(persona?.isDefault ?? false);
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const create = useCreatePersona();
  const update = useUpdatePersona();
  const pending = create.isPending || update.isPending;

  const fail = (err: Error) => {
    const field = err instanceof ApiRequestError ? err.field : undefined;
    if (field === 'name' || field === 'description') setErrors({ [field]: err.message });
    else toast.error(translateMessage(err.message));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: PERSONA_MESSAGES.nameRequired });
    setErrors({});
    const done = () => (toast.success(t('personas.saved')), onDone());
    if (persona) {
      const change = {
        ...(name.trim() !== persona.name ? { name } : {}),
        ...(description !== persona.description ? { description } : {}),
        ...(isDefault && !persona.isDefault ? { isDefault: true } : {}),
      };
      if (Object.keys(change).length === 0) return onDone();
      update.mutate({ id: persona.id, change }, { onSuccess: done, onError: fail });
    } else create.mutate({ name, description, isDefault }, { onSuccess: done, onError: fail });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate data-testid="persona-form">
      {persona ? <AvatarPicker persona={persona} /> : null}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>{t('personas.name')}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={PERSONA_LIMITS.name}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          data-testid="persona-name"
          autoFocus
        />
        {errors.name ? (
          <p id={`${id}-name-error`} role="alert" className="text-xs font-medium text-destructive">
            {translateMessage(errors.name)}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-description`}>{t('personas.description')}</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          maxLength={PERSONA_LIMITS.description}
          rows={6}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error ${id}-description-hint` : `${id}-description-hint`}
          placeholder={t('personas.descriptionPlaceholder')}
          data-testid="persona-description"
        />
        <p id={`${id}-description-hint`} className="flex justify-between gap-2 text-xs text-muted-foreground">
          <span>{t('personas.descriptionHint')}</span>
          <span aria-hidden="true">
            {description.length}/{PERSONA_LIMITS.description}
          </span>
        </p>
        {errors.description ? (
          <p id={`${id}-description-error`} role="alert" className="text-xs font-medium text-destructive">
            {translateMessage(errors.description)}
          </p>
        ) : null}
      </div>
      {persona?.isDefault ? (
        <p className="text-sm text-muted-foreground">{t('personas.isDefaultNote')}</p>
      ) : (
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-default`}
            checked={isDefault}
            onCheckedChange={(v) => setIsDefault(v === true)}
            data-testid="persona-default"
          />
          <Label htmlFor={`${id}-default`} className="font-normal">
            {t('personas.useAsDefault')}
          </Label>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending} data-testid="persona-save">
          {pending ? <Loader2 className="animate-spin" /> : null}
          {persona ? t('personas.save') : t('personas.create')}
        </Button>
      </div>
    </form>
  );
}

/** The avatar, changed at once (the persona exists). */
function AvatarPicker({ persona }: { persona: Persona }) {
  const { t } = useTranslation();
  const upload = useUploadPersonaAvatar();
  const update = useUpdatePersona();
  // The list is read again after a change; until then the dialog shows what the server answered.
  const [url, setUrl] = useState(persona.avatarUrl);
  const fail = (err: Error) => toast.error(translateMessage(err.message));
  const choose = (file: File) => upload.mutate({ id: persona.id, file }, { onSuccess: (r) => setUrl(r.url), onError: fail });
  const busy = upload.isPending || update.isPending;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar src={url} name={persona.name} className="size-16 rounded-2xl" decorative />
      <div className="flex flex-wrap gap-2">
        <ImageFileButton
          label={url ? t('personas.changeAvatar') : t('personas.uploadAvatar')}
          pending={upload.isPending}
          disabled={busy}
          onFile={choose}
          testId="persona-avatar-input"
        />
        {url ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() => update.mutate({ id: persona.id, change: { avatarUrl: null } }, { onSuccess: () => setUrl(null), onError: fail })}
          >
            <Trash2 />
            {t('personas.removeAvatar')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
