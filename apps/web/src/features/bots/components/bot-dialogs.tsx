import { Flag, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BOT_LIMITS, REPORT_REASONS } from '@app/shared/bots/constants';
import { BOT_FAILURES, BOT_MESSAGES } from '@app/shared/bots/messages';
import type { BotSummary } from '@app/shared/bots/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/lib/messages';
import { useDeleteBot, useReportBot } from '../api';

/** Report a bot to the moderators: a reason and an optional description. */
export function ReportDialog({
  botId,
  botName,
  open,
  onOpenChange,
}: {
  botId: string;
  botName: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const report = useReportBot();
  const [reason, setReason] = useState<string>('');
  const [description, setDescription] = useState('');
  const submit = () =>
    report.mutate(
      { id: botId, reason, description },
      {
        onSuccess: () => {
          toast.success(t('botCard.reportThanks', { defaultValue: BOT_MESSAGES.reportThanks }));
          onOpenChange(false);
          setReason('');
          setDescription('');
        },
        onError: (err) => toast.error(translateMessage(err.message)),
      },
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('botCard.reportTitle', { name: botName })}</DialogTitle>
          <DialogDescription>{t('botCard.reportText')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason) submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="report-reason">{t('botCard.reason')}</Label>
            <Select value={reason} onValueChange={setReason}>
              <SelectTrigger id="report-reason" data-testid="report-reason">
                <SelectValue placeholder={t('botCard.chooseReason')} />
              </SelectTrigger>
              <SelectContent>
                {REPORT_REASONS.map((r) => (
                  <SelectItem key={r} value={r}>
                    {t(`botCard.reasons.${r}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="report-description">{t('botCard.details')}</Label>
            <Textarea
              id="report-description"
              value={description}
              maxLength={BOT_LIMITS.reportDescriptionMax}
              onChange={(e) => setDescription(e.target.value)}
              placeholder={t('botCard.detailsPlaceholder')}
            />
            <p className="text-right text-xs text-muted-foreground">
              {description.length}/{BOT_LIMITS.reportDescriptionMax}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!reason || report.isPending}>
              {report.isPending ? <Loader2 className="animate-spin" /> : <Flag />}
              {t('botCard.sendReport')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The delete confirmation (§2: all chat history and statistics are removed with the bot). */
export function DeleteBotDialog({
  bot,
  open,
  onOpenChange,
}: {
  bot: Pick<BotSummary, 'id' | 'name'>;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteBot();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('botCard.deleteTitle', { name: bot.name })}
      description={t('botCard.deleteText')}
      confirmLabel={t('common.delete')}
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(bot.id, {
          onSuccess: () => {
            onOpenChange(false);
            toast.success(t('botCard.deleted'));
          },
          onError: (err) => toast.error(translateMessage(err.message || BOT_FAILURES.delete)),
        })
      }
    />
  );
}
