import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_CONFIRMATIONS } from '@app/shared/settings/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/lib/messages';
import './texts';

/** "Reset to defaults" of one section, asked first with the spec's prompt (§5). */
export function SectionResetButton({ onReset, pending }: { onReset(): Promise<unknown>; pending?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(true)} disabled={pending}>
        <RotateCcw />
        {t('settingsTransfer.resetSection')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('settingsTransfer.resetSection')}
        description={translateMessage(SETTINGS_CONFIRMATIONS.resetSection)}
        confirmLabel={t('settingsTransfer.reset')}
        destructive
        pending={pending}
        onConfirm={() => void onReset().finally(() => setOpen(false))}
      />
    </>
  );
}
