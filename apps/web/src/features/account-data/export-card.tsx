import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_EXPORT_FORMATS, dataExportFileName, type DataExportFormat } from '@app/shared/account-data/schemas';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SettingsError } from '@/components/settings/settings-error';
import { useExportData } from './data-api';
import './texts';

/** Export: the archive of everything the user owns, as one JSON file or a zip of parts, downloaded at once. */
export function ExportCard({ requestedBefore }: { requestedBefore: boolean }) {
  const { t, i18n } = useTranslation();
  const [format, setFormat] = useState<DataExportFormat>('json');
  const exportData = useExportData();
  const result = exportData.data;
  const expiry = result ? new Date(result.expiresAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsData.export.title')}</CardTitle>
        <CardDescription>{t('settingsData.export.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SettingsError error={exportData.error} fallback={SETTINGS_FAILURES.exportData} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="data-export-format">{t('settingsData.export.format')}</Label>
            <Select value={format} onValueChange={(v) => setFormat(v as DataExportFormat)} disabled={exportData.isPending}>
              <SelectTrigger id="data-export-format" className="w-full sm:w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DATA_EXPORT_FORMATS.map((f) => (
                  <SelectItem key={f} value={f}>
                    {t(`settingsData.export.formats.${f}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button onClick={() => exportData.mutate(format)} disabled={exportData.isPending} className="sm:w-auto">
            {exportData.isPending ? <Loader2 className="animate-spin" /> : <Download />}
            {exportData.isPending ? t('settingsData.export.exporting') : t('settingsData.export.button')}
          </Button>
        </div>
        {result && expiry ? (
          <Alert variant="success">
            <Download />
            <span>{t('settingsData.export.ready', { file: dataExportFileName(result.format), date: expiry })}</span>
          </Alert>
        ) : requestedBefore ? (
          <p className="text-sm text-muted-foreground">{t('settingsData.export.requestedBefore')}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
