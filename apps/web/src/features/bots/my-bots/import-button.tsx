import { FileUp, Loader2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/lib/messages';
import { useImportBot } from '../api';
import './texts';

/** Import a Character Card (PNG, JSON) or a YAML export; the new bot opens when it is in. */
export function ImportButton() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const importBot = useImportBot();
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".png,.json,.yaml,.yml,image/png,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          importBot.mutate(file, {
            onSuccess: (bot) => {
              toast.success(t('myBots.imported', { name: bot.name }));
              void navigate(ROUTES.bot(bot.id));
            },
            onError: (err) => toast.error(translateMessage(err.message || BOT_FAILURES.import)),
          });
        }}
      />
      <Button variant="outline" onClick={() => input.current?.click()} disabled={importBot.isPending} title={t('myBots.importHint')}>
        {importBot.isPending ? <Loader2 className="animate-spin" /> : <FileUp />}
        {t('myBots.import')}
      </Button>
    </>
  );
}
