import { Loader2, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Backup, Preset } from '@app/shared/account/schemas';
import { SETTINGS_CONFIRMATIONS, SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { translateMessage } from '@/lib/messages';
import { SettingsError } from '@/components/settings/settings-error';
import { useApplySnapshot, useCreateSnapshot, useDeleteSnapshot, useSnapshotList } from './transfer-api';
import './texts';

type Kind = 'backup' | 'preset';
type Item = (Backup | Preset) & { builtIn?: boolean; description?: string };

const TEXTS = {
  backup: {
    apply: SETTINGS_CONFIRMATIONS.restoreBackup,
    remove: SETTINGS_CONFIRMATIONS.deleteBackup,
    failApply: SETTINGS_FAILURES.backup,
    failCreate: SETTINGS_FAILURES.backup,
    failDelete: SETTINGS_FAILURES.backup,
    failList: SETTINGS_FAILURES.getBackups,
  },
  preset: {
    apply: SETTINGS_CONFIRMATIONS.applyPreset,
    remove: SETTINGS_CONFIRMATIONS.deletePreset,
    failApply: SETTINGS_FAILURES.applyPreset,
    failCreate: SETTINGS_FAILURES.savePreset,
    failDelete: SETTINGS_FAILURES.deletePreset,
    failList: SETTINGS_FAILURES.getPresets,
  },
} as const;

/** Backups (create, restore, delete) or presets (built-in and own: apply, save current, delete own). */
export function SnapshotsPanel({ kind }: { kind: Kind }) {
  const { t, i18n } = useTranslation();
  const list = useSnapshotList(kind);
  const create = useCreateSnapshot(kind);
  const remove = useDeleteSnapshot(kind);
  const apply = useApplySnapshot(kind);
  const [name, setName] = useState('');
  const [pending, setPending] = useState<{ action: 'apply' | 'remove'; item: Item } | null>(null);
  const texts = TEXTS[kind];
  const items = (list.data?.items ?? []) as Item[];
  const headingId = `settings-${kind}s-heading`;

  const confirm = () => {
    if (!pending) return;
    const done = { onSettled: () => setPending(null) };
    if (pending.action === 'remove') remove.mutate(pending.item.id, done);
    else apply.mutate(pending.item.id, { ...done, onSuccess: () => toast.success(t(`settingsTransfer.${kind}s.applied`)) });
  };

  return (
    <section className="grid gap-3" aria-labelledby={headingId}>
      <div className="grid gap-0.5">
        <h4 id={headingId} className="font-semibold">
          {t(`settingsTransfer.${kind}s.title`)}
        </h4>
        <p className="text-sm text-muted-foreground">{t(`settingsTransfer.${kind}s.description`)}</p>
      </div>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) create.mutate(name.trim(), { onSuccess: () => setName('') });
        }}
      >
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor={`${kind}-name`}>{t(`settingsTransfer.${kind}s.name`)}</Label>
          <Input
            id={`${kind}-name`}
            value={name}
            maxLength={60}
            placeholder={t(`settingsTransfer.${kind}s.placeholder`)}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={!name.trim() || create.isPending}>
          {create.isPending ? <Loader2 className="animate-spin" /> : <Plus />}
          {t(`settingsTransfer.${kind}s.create`)}
        </Button>
      </form>
      <SettingsError error={create.error} fallback={texts.failCreate} />
      <SettingsError error={apply.error} fallback={texts.failApply} />
      <SettingsError error={remove.error} fallback={texts.failDelete} />
      <SettingsError error={list.error} fallback={texts.failList} />

      {list.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : items.length === 0 && !list.isError ? (
        <p className="text-sm text-muted-foreground">{t(`settingsTransfer.${kind}s.empty`)}</p>
      ) : (
        <ul className="grid gap-2" aria-labelledby={headingId}>
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="grid min-w-0 gap-0.5">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="truncate">
                    {item.builtIn ? t(`settingsTransfer.presets.builtInNames.${item.id}`, { defaultValue: item.name }) : item.name}
                  </span>
                  {item.builtIn ? <Badge variant="secondary">{t('settingsTransfer.presets.builtIn')}</Badge> : null}
                </span>
                <span className="text-xs text-muted-foreground">
                  {item.builtIn
                    ? t(`settingsTransfer.presets.builtInDescriptions.${item.id}`, { defaultValue: item.description })
                    : item.createdAt
                      ? new Date(item.createdAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
                      : null}
                </span>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button type="button" size="sm" variant="outline" onClick={() => setPending({ action: 'apply', item })}>
                  {t(`settingsTransfer.${kind}s.apply`)}
                </Button>
                {item.builtIn ? null : (
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-label={t(`settingsTransfer.${kind}s.deleteNamed`, { name: item.name })}
                    onClick={() => setPending({ action: 'remove', item })}
                  >
                    <Trash2 />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? null : setPending(null))}
        title={pending ? `${t(`settingsTransfer.${kind}s.${pending.action === 'apply' ? 'apply' : 'delete'}`)}: ${pending.item.name}` : ''}
        description={pending ? translateMessage(pending.action === 'apply' ? texts.apply : texts.remove) : undefined}
        confirmLabel={pending ? t(`settingsTransfer.${kind}s.${pending.action === 'apply' ? 'apply' : 'delete'}`) : ''}
        destructive={pending?.action === 'remove'}
        pending={apply.isPending || remove.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
