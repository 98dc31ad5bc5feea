import { Flag, Heart, Loader2, MoreHorizontal, Pencil, Share2, Trash2, Upload, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import { BOT_LIMITS, REPORT_REASONS } from '@app/shared/bots/constants';
import { BOT_FAILURES, BOT_MESSAGES } from '@app/shared/bots/messages';
import type { BotSummary } from '@app/shared/bots/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useAuthModal } from '@/features/auth/auth-modal-store';
import { useCurrentUser } from '@/features/auth/store';
import { apiDownload } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { useDeleteBot, usePublishBot, useReportBot, useToggleFavorite, useUnpublishBot } from '../api';

/** The public chat link of a bot. */
export const chatLinkOf = (botId: string) => `${window.location.origin}${ROUTES.chatWith(botId)}`;

/** Copies the bot's chat link (the card's Share) and says so. */
export function useShareBot() {
  const { t } = useTranslation();
  return async (botId: string) => {
    const link = chatLinkOf(botId);
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('botCard.linkCopied'));
    } catch {
      // No clipboard (an insecure origin, a denied permission): show the link to copy by hand.
      toast.info(link);
    }
  };
}

/** The heart: favorites are kept on the server per user; visitors are asked to sign in. */
export function FavoriteButton({ botId, favorited, className }: { botId: string; favorited: boolean; className?: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const showSignIn = useAuthModal((s) => s.show);
  const toggle = useToggleFavorite();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const on = optimistic ?? favorited;
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-pressed={on}
      aria-label={on ? t('botCard.unfavorite') : t('botCard.favorite')}
      title={on ? t('botCard.unfavorite') : t('botCard.favorite')}
      onClick={() => {
        if (!user) return showSignIn('signin');
        setOptimistic(!on);
        toggle.mutate(
          { id: botId, favorite: !on },
          { onSettled: () => setOptimistic(null), onError: (err) => toast.error(translateMessage(err.message)) },
        );
      }}
    >
      <Heart className={on ? 'fill-rose-500 text-rose-500' : undefined} />
    </Button>
  );
}

/** The card's menu: Edit, Unpublish (or Publish), Share and Delete for the creator; Share and Report for others. */
export function BotCardMenu({ bot }: { bot: BotSummary }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const share = useShareBot();
  const showSignIn = useAuthModal((s) => s.show);
  const publish = usePublishBot();
  const unpublish = useUnpublishBot();
  const [reporting, setReporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isCreator = user?.id === bot.createdBy;
  const fail = (err: Error) => toast.error(translateMessage(err.message));

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('botCard.actions', { name: bot.name })}>
            <MoreHorizontal />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {isCreator ? (
            <>
              <DropdownMenuItem asChild>
                <Link to={ROUTES.botEdit(bot.id)}>
                  <Pencil />
                  {t('botCard.edit')}
                </Link>
              </DropdownMenuItem>
              {bot.isPublic ? (
                <DropdownMenuItem
                  onSelect={() => unpublish.mutate(bot.id, { onSuccess: () => toast.success(t('botCard.unpublished')), onError: fail })}
                >
                  <EyeOff />
                  {t('botCard.unpublish')}
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem
                  onSelect={() => publish.mutate(bot.id, { onSuccess: () => toast.success(t('botCard.published')), onError: fail })}
                >
                  <Upload />
                  {t('botCard.publish')}
                </DropdownMenuItem>
              )}
            </>
          ) : null}
          <DropdownMenuItem onSelect={() => void share(bot.id)}>
            <Share2 />
            {t('botCard.share')}
          </DropdownMenuItem>
          {isCreator ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => setDeleting(true)}>
                <Trash2 />
                {t('common.delete')}
              </DropdownMenuItem>
            </>
          ) : (
            <DropdownMenuItem onSelect={() => (user ? setReporting(true) : showSignIn('signin'))}>
              <Flag />
              {t('botCard.report')}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportDialog botId={bot.id} botName={bot.name} open={reporting} onOpenChange={setReporting} />
      <DeleteBotDialog bot={bot} open={deleting} onOpenChange={setDeleting} />
    </>
  );
}

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

/** A Start Chat link, for every variant of the card. */
export function StartChatLink({ botId, className, size = 'sm' }: { botId: string; className?: string; size?: 'sm' | 'default' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Button asChild size={size} className={className}>
      <Link to={ROUTES.chatWith(botId)}>{t('botCard.startChat')}</Link>
    </Button>
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

/** Downloads a bot as a Character Card: png (for SillyTavern and the others), json or yaml. */
export function exportBot(bot: Pick<BotSummary, 'id' | 'name'>, format: 'json' | 'yaml' | 'png') {
  return apiDownload(`/api/bots/${bot.id}/export?format=${format}`, `${bot.name}.${format}`).catch((err: Error) =>
    toast.error(translateMessage(err.message || BOT_FAILURES.export)),
  );
}
