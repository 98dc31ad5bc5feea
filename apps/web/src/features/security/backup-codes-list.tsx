import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_NAME } from '@app/shared/app/constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import './texts';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Older browsers and insecure origins have no clipboard interface.
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** The ten backup codes, shown once: with Copy and Download, and a word that they won't be shown again. */
export function BackupCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');

  function download() {
    const blob = new Blob([`${APP_NAME} backup codes\n\n${text}\n`], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="grid gap-3">
      <Alert>{t('settingsSecurity.backup.shownOnce')}</Alert>
      <ul
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm"
        aria-label={t('settingsSecurity.backup.listLabel')}
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void copyText(text)
              .then(() => setCopied(true))
              .catch((err: unknown) => console.warn('copy failed', err))
          }
        >
          {copied ? <Check /> : <Copy />}
          {copied ? t('settingsSecurity.copied') : t('settingsSecurity.copy')}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download />
          {t('settingsSecurity.download')}
        </Button>
      </div>
    </div>
  );
}

export { copyText };
