import { Download, Loader2, RotateCcw, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SettingsError } from '@/components/settings/settings-error';
import { SnapshotsPanel } from './snapshots-panel';
import { parseSettingsFile } from './settings-file';
import { exportSettings, useImportSettings, useResetAll } from './transfer-api';
import './texts';

/** Import, export and reset of all settings, backups and presets (settings-and-referrals.md §4, §7); shown in the Data section. */
export function SettingsTransferCard() {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const importer = useImportSettings();
  const resetAll = useResetAll();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const [fileError, setFileError] = useState<unknown>(null);
  const [confirmReset, setConfirmReset] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    importer.reset();
    try {
      const parsed = parseSettingsFile(await file.text());
      await importer.mutateAsync(parsed);
      toast.success(t('settingsTransfer.imported'));
    } catch (err) {
      setFileError(err);
    }
  };

  const onExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await exportSettings();
    } catch (err) {
      setExportError(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsTransfer.title')}</CardTitle>
        <CardDescription>{t('settingsTransfer.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-3">
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => void onExport()} disabled={exporting}>
              {exporting ? <Loader2 className="animate-spin" /> : <Download />}
              {t('settingsTransfer.export')}
            </Button>
            <Button type="button" variant="outline" onClick={() => fileInput.current?.click()} disabled={importer.isPending}>
              {importer.isPending ? <Loader2 className="animate-spin" /> : <Upload />}
              {t('settingsTransfer.import')}
            </Button>
            <Button type="button" variant="outline" className="text-destructive" onClick={() => setConfirmReset(true)}>
              <RotateCcw />
              {t('settingsTransfer.resetAll')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              className="sr-only"
              tabIndex={-1}
              aria-label={t('settingsTransfer.import')}
              data-testid="settings-import-input"
              onChange={(e) => {
                void onFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </div>
          <SettingsError error={fileError} fallback={SETTINGS_FAILURES.importSettings} />
          <SettingsError error={exportError} fallback={SETTINGS_FAILURES.exportData} />
          <SettingsError error={resetAll.error} fallback={SETTINGS_FAILURES.resetAll} />
        </div>

        <SnapshotsPanel kind="backup" />
        <SnapshotsPanel kind="preset" />
      </CardContent>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={t('settingsTransfer.resetAll')}
        description={t('settingsTransfer.resetAllConfirm')}
        confirmLabel={t('settingsTransfer.reset')}
        destructive
        pending={resetAll.isPending}
        onConfirm={() =>
          resetAll.mutate(undefined, {
            onSuccess: () => toast.success(t('settingsTransfer.resetDone')),
            onSettled: () => setConfirmReset(false),
          })
        }
      />
    </Card>
  );
}
