import { EyeOff, Trash2, Upload, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/lib/messages';
import { useBulkAction } from '../api';
import './texts';

type BulkAction = 'publish' | 'unpublish' | 'delete';
const FAILURES: Record<BulkAction, string> = {
  publish: BOT_FAILURES.bulkPublish,
  unpublish: BOT_FAILURES.bulkUnpublish,
  delete: BOT_FAILURES.bulkDelete,
};

/** 'N bot(s) selected' with Publish, Unpublish and Delete, each confirmed with the spec's words (§5). */
export function BulkBar({ ids, onDone, onClear }: { ids: string[]; onDone(): void; onClear(): void }) {
  const { t } = useTranslation();
  const bulk = useBulkAction();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  if (ids.length === 0) return null;
  const count = ids.length;

  const run = (action: BulkAction) =>
    bulk.mutate(
      { action, botIds: ids },
      {
        onSuccess: (result) => {
          toast.success(t(`myBots.bulkDone.${action}`, { count: result.count }));
          setAsking(null);
          onDone();
        },
        onError: (err) => toast.error(translateMessage(err.message || FAILURES[action])),
      },
    );

  return (
    <div
      className="sticky bottom-3 z-20 flex flex-wrap items-center gap-2 rounded-xl border bg-card p-3 shadow-lg sm:top-20 sm:bottom-auto"
      role="region"
      aria-label={t('myBots.bulkActions')}
      data-testid="bulk-bar"
    >
      <span className="mr-auto text-sm font-medium">{t('myBots.selected', { count })}</span>
      <Button size="sm" variant="outline" onClick={() => setAsking('publish')}>
        <Upload />
        {t('botCard.publish')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setAsking('unpublish')}>
        <EyeOff />
        {t('botCard.unpublish')}
      </Button>
      <Button size="sm" variant="destructive" onClick={() => setAsking('delete')}>
        <Trash2 />
        {t('common.delete')}
      </Button>
      <Button size="icon" variant="ghost" onClick={onClear} aria-label={t('myBots.clearSelection')}>
        <X />
      </Button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? t(`myBots.confirm.${asking}`, { count }) : ''}
        confirmLabel={asking ? t(asking === 'delete' ? 'common.delete' : `botCard.${asking}`) : ''}
        destructive={asking === 'delete'}
        pending={bulk.isPending}
        onConfirm={() => asking && run(asking)}
      />
    </div>
  );
}
