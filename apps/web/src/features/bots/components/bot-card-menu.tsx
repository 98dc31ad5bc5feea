import { EyeOff, Flag, MoreHorizontal, Pencil, Share2, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import type { BotSummary } from '@app/shared/bots/schemas';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuthModal } from '@/features/auth/auth-modal-store';
import { useCurrentUser } from '@/features/auth/store';
import { translateMessage } from '@/lib/messages';
import { usePublishBot, useUnpublishBot } from '../api';
import { useShareBot } from './bot-actions';
import { DeleteBotDialog, ReportDialog } from './bot-dialogs';

/**
 * The card's menu: Edit, Unpublish (or Publish), Share and Delete for the creator; Share and Report
 * for others. bot-card.tsx loads it when the menu is first opened, hence `defaultOpen`.
 */
export function BotCardMenu({ bot, defaultOpen }: { bot: BotSummary; defaultOpen?: boolean }) {
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
      <DropdownMenu defaultOpen={defaultOpen}>
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
