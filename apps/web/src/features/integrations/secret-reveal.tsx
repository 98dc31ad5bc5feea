import { AlertTriangle, Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import './texts';

/** A secret shown once (an API key, a webhook's signing secret): read-only, with a copy button and a warning. */
export function SecretReveal({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(t('settingsIntegrations.copied'));
    } catch {
      // No clipboard access (an insecure page, a denied permission): select it for a manual copy.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      toast.info(t('settingsIntegrations.copyManually'));
    }
  };
  return (
    <div className="grid gap-3">
      <Alert className="border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-200">
        <AlertTriangle />
        <span>{t('settingsIntegrations.shownOnce')}</span>
      </Alert>
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex gap-2">
          <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" variant="outline" size="icon" onClick={() => void copy()} aria-label={t('settingsIntegrations.copy')}>
            {copied ? <Check /> : <Copy />}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** A date as the user's language writes it, or a dash. */
export function formatDate(value: string | null, language: string, withTime = false): string {
  if (!value) return '—';
  return new Date(value).toLocaleString(language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
}
