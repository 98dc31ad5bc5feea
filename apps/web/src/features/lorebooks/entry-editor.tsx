import { ArrowDown, ArrowUp, ChevronDown, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoreEntry } from '@app/shared/lorebooks/schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import './texts';

const SELECT =
  'h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30';

/** Keys as typed: comma-separated, as SillyTavern's editor shows them. */
export const keysText = (keys: string[]) => keys.join(', ');
export const keysOf = (text: string) =>
  text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

interface EntryEditorProps {
  entry: LoreEntry;
  open: boolean;
  highlighted: boolean;
  first: boolean;
  last: boolean;
  onToggle(): void;
  onChange(entry: LoreEntry): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

/** One entry: its title line (name, keys, state) and, opened, every option SillyTavern's editor has. */
export function EntryEditor({ entry, open, highlighted, first, last, onToggle, onChange, onMove, onRemove }: EntryEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const set = <K extends keyof LoreEntry>(key: K, value: LoreEntry[K]) => onChange({ ...entry, [key]: value });
  const title = entry.name || entry.keys[0] || t('lorebooks.entry.untitled', { id: entry.id });

  return (
    <li
      className={cn('rounded-lg border bg-card', highlighted && 'ring-2 ring-primary', !entry.enabled && 'opacity-70')}
      data-testid="lore-entry"
      data-entry-id={entry.id}
    >
      <div className="flex items-center gap-1 p-2">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onToggle}
        >
          <ChevronDown className={cn('size-4 shrink-0 transition-transform', !open && '-rotate-90')} aria-hidden />
          <span className="truncate font-medium">{title}</span>
          {entry.constant ? <Badge variant="secondary">{t('lorebooks.entry.constantBadge')}</Badge> : null}
          {!entry.enabled ? <Badge variant="outline">{t('lorebooks.entry.disabledBadge')}</Badge> : null}
          <span className="hidden truncate text-xs text-muted-foreground sm:inline">{keysText(entry.keys)}</span>
        </button>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          disabled={first}
          onClick={() => onMove(-1)}
          aria-label={t('lorebooks.entry.moveUp')}
        >
          <ArrowUp />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          disabled={last}
          onClick={() => onMove(1)}
          aria-label={t('lorebooks.entry.moveDown')}
        >
          <ArrowDown />
        </Button>
        <Button size="icon" variant="ghost" className="size-8" onClick={onRemove} aria-label={t('lorebooks.entry.remove')}>
          <Trash2 />
        </Button>
      </div>
      {open ? (
        <div id={`${id}-body`} className="grid gap-3 border-t p-3 sm:grid-cols-2">
          <Field label={t('lorebooks.entry.name')} id={`${id}-name`}>
            <Input id={`${id}-name`} value={entry.name} maxLength={200} onChange={(e) => set('name', e.target.value)} />
          </Field>
          <Field label={t('lorebooks.entry.order')} id={`${id}-order`} hint={t('lorebooks.entry.orderHint')}>
            <Input
              id={`${id}-order`}
              type="number"
              value={entry.order}
              onChange={(e) => set('order', Math.trunc(Number(e.target.value) || 0))}
            />
          </Field>
          <Field label={t('lorebooks.entry.keys')} id={`${id}-keys`} hint={t('lorebooks.entry.keysHint')}>
            <Input
              id={`${id}-keys`}
              defaultValue={keysText(entry.keys)}
              onBlur={(e) => e.target.value !== keysText(entry.keys) && set('keys', keysOf(e.target.value))}
              data-testid="entry-keys"
            />
          </Field>
          <Field label={t('lorebooks.entry.secondaryKeys')} id={`${id}-secondary`}>
            <Input
              id={`${id}-secondary`}
              defaultValue={keysText(entry.secondaryKeys)}
              onBlur={(e) => e.target.value !== keysText(entry.secondaryKeys) && set('secondaryKeys', keysOf(e.target.value))}
            />
          </Field>
          <Field label={t('lorebooks.entry.logic')} id={`${id}-logic`}>
            <select
              id={`${id}-logic`}
              className={SELECT}
              value={entry.selectiveLogic}
              onChange={(e) => set('selectiveLogic', e.target.value as LoreEntry['selectiveLogic'])}
            >
              {(['andAny', 'andAll', 'notAny', 'notAll'] as const).map((v) => (
                <option key={v} value={v}>
                  {t(`lorebooks.entry.logic_${v}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('lorebooks.entry.position')} id={`${id}-position`}>
            <select
              id={`${id}-position`}
              className={SELECT}
              value={entry.position}
              onChange={(e) => set('position', e.target.value as LoreEntry['position'])}
            >
              {(['beforeChar', 'afterChar', 'atDepth'] as const).map((v) => (
                <option key={v} value={v}>
                  {t(`lorebooks.entry.position_${v}`)}
                </option>
              ))}
            </select>
          </Field>
          {entry.position === 'atDepth' ? (
            <>
              <Field label={t('lorebooks.entry.depth')} id={`${id}-depth`}>
                <Input
                  id={`${id}-depth`}
                  type="number"
                  min={0}
                  max={1000}
                  value={entry.depth}
                  onChange={(e) => set('depth', Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
                />
              </Field>
              <Field label={t('lorebooks.entry.role')} id={`${id}-role`}>
                <select
                  id={`${id}-role`}
                  className={SELECT}
                  value={entry.role}
                  onChange={(e) => set('role', e.target.value as LoreEntry['role'])}
                >
                  {(['system', 'user', 'assistant'] as const).map((v) => (
                    <option key={v} value={v}>
                      {t(`lorebooks.prompt.role.${v}`)}
                    </option>
                  ))}
                </select>
              </Field>
            </>
          ) : null}
          <div className="sm:col-span-2">
            <Field label={t('lorebooks.entry.content')} id={`${id}-content`}>
              <Textarea
                id={`${id}-content`}
                rows={5}
                value={entry.content}
                maxLength={20000}
                onChange={(e) => set('content', e.target.value)}
                data-testid="entry-content"
              />
            </Field>
          </div>
          <Field label={t('lorebooks.entry.scanDepth')} id={`${id}-scan`} hint={t('lorebooks.entry.bookDefaultHint')}>
            <Input
              id={`${id}-scan`}
              type="number"
              min={0}
              max={1000}
              value={entry.scanDepth ?? ''}
              placeholder={t('lorebooks.entry.bookDefault')}
              onChange={(e) => set('scanDepth', e.target.value === '' ? null : Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
            />
          </Field>
          <TriSelect
            id={`${id}-case`}
            label={t('lorebooks.entry.caseSensitive')}
            value={entry.caseSensitive}
            onChange={(v) => set('caseSensitive', v)}
          />
          <TriSelect
            id={`${id}-words`}
            label={t('lorebooks.entry.wholeWords')}
            value={entry.matchWholeWords}
            onChange={(v) => set('matchWholeWords', v)}
          />
          <div className="grid gap-2 sm:col-span-2 sm:grid-cols-2">
            <Toggle id={`${id}-enabled`} label={t('lorebooks.entry.enabled')} checked={entry.enabled} onChange={(v) => set('enabled', v)} />
            <Toggle
              id={`${id}-constant`}
              label={t('lorebooks.entry.constant')}
              checked={entry.constant}
              onChange={(v) => set('constant', v)}
            />
            <Toggle
              id={`${id}-exclude`}
              label={t('lorebooks.entry.excludeRecursion')}
              checked={entry.excludeRecursion}
              onChange={(v) => set('excludeRecursion', v)}
            />
            <Toggle
              id={`${id}-prevent`}
              label={t('lorebooks.entry.preventRecursion')}
              checked={entry.preventRecursion}
              onChange={(v) => set('preventRecursion', v)}
            />
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** A yes / no / the book's setting (null) choice. */
function TriSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: boolean | null;
  onChange(value: boolean | null): void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label} id={id}>
      <select
        id={id}
        className={SELECT}
        value={value === null ? 'book' : value ? 'yes' : 'no'}
        onChange={(e) => onChange(e.target.value === 'book' ? null : e.target.value === 'yes')}
      >
        {['book', 'yes', 'no'].map((v) => (
          <option key={v} value={v}>
            {t(`lorebooks.entry.tri_${v}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function Field({ label, id, hint, children }: { label: string; id: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

export function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange(value: boolean): void }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}
