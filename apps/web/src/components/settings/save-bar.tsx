import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import '@/features/settings/texts';

interface SaveBarProps {
  /** Shown only when something changed (settings-and-referrals.md §2: Save Changes appears after a change). */
  dirty: boolean;
  saving: boolean;
  onSave(): void;
  onCancel(): void;
  /** Save stays disabled while this is true (an invalid form, a taken username). */
  disabled?: boolean;
}

/** Save Changes and Cancel of a settings section; sticky at the bottom so that it stays in reach on phones. */
export function SaveBar({ dirty, saving, onSave, onCancel, disabled }: SaveBarProps) {
  const { t } = useTranslation();
  if (!dirty && !saving) return null;
  return (
    <div className="sticky bottom-0 z-10 -mx-1 flex flex-col-reverse gap-2 rounded-lg border bg-background/95 p-3 shadow-lg backdrop-blur sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
        {t('common.cancel')}
      </Button>
      <Button type="button" onClick={onSave} disabled={saving || disabled}>
        {saving ? <Loader2 className="animate-spin" /> : null}
        {saving ? t('settingsUi.saving') : t('settingsUi.saveChanges')}
      </Button>
    </div>
  );
}
