import { numberFormat } from '@/lib/intl';
import { BarChart3, Copy, Download, EyeOff, Loader2, MoreVertical, Pencil, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import type { BotSummary } from '@app/shared/bots/schemas';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { translateMessage } from '@/lib/messages';
import { plainText } from '../plain-text';
import { getBot, useCloneBot, usePublishBot, useUnpublishBot } from '../api';
import { exportBot } from '../components/bot-actions';
import { DeleteBotDialog } from '../components/bot-dialogs';
import './texts';

/** A bot in My Bots (§2 'Bot card in the list'): badges, the 2-line description, the menu, and View Stats. */
export function MyBotCard({ bot, selected, onToggle }: { bot: BotSummary; selected: boolean; onToggle(): void }) {
  const { t, i18n } = useTranslation();
  const [stats, setStats] = useState<BotSummary['stats'] | null>(null);
  const [loadingStats, setLoadingStats] = useState(false);
  const visibilityVariant = bot.visibility === 'public' ? 'success' : 'outline';
  const number = numberFormat(i18n.language);

  const viewStats = async () => {
    setLoadingStats(true);
    try {
      setStats((await getBot(bot.id)).stats);
    } catch (err) {
      toast.error(translateMessage((err as Error).message || BOT_FAILURES.statistics));
    } finally {
      setLoadingStats(false);
    }
  };

  return (
    <Card
      className="flex flex-col gap-3 p-4 data-[selected=true]:ring-2 data-[selected=true]:ring-primary"
      data-selected={selected}
      data-testid="my-bot-card"
    >
      <div className="flex items-start gap-3">
        <Checkbox checked={selected} onCheckedChange={onToggle} aria-label={t('myBots.select', { name: bot.name })} className="mt-1" />
        <Link
          to={ROUTES.bot(bot.id)}
          className="flex min-w-0 flex-1 gap-3 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
        >
          <Avatar src={bot.avatarUrl} name={bot.name} className="size-12 rounded-xl" />
          <div className="grid min-w-0 content-start gap-1">
            <h3 className="line-clamp-2 break-words font-semibold leading-snug">{bot.name}</h3>
            <div className="flex flex-wrap gap-1">
              <Badge variant={visibilityVariant}>{t(`botDetail.visibility.${bot.visibility}`)}</Badge>
              {bot.nsfw ? <Badge variant="destructive">NSFW</Badge> : null}
            </div>
          </div>
        </Link>
        <MyBotMenu bot={bot} />
      </div>
      {/* A preview in plain words: no Markdown marks; {{char}} is the bot and {{user}} "you", whoever reads (a chat's persona is not known here). */}
      <p className="line-clamp-2 text-sm text-muted-foreground">
        {plainText(bot.description, { char: bot.name, user: t('botDetail.you') })}
      </p>
      {stats ? (
        <dl className="grid grid-cols-3 gap-2 rounded-lg bg-muted/50 p-2 text-center text-xs" data-testid="bot-stats">
          <div>
            <dt className="text-muted-foreground">{t('myBots.totalChats')}</dt>
            <dd className="font-semibold">{number.format(stats.totalChats)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('myBots.totalMessages')}</dt>
            <dd className="font-semibold">{number.format(stats.totalMessages)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('myBots.created')}</dt>
            <dd className="font-semibold">{new Date(bot.createdAt).toLocaleDateString(i18n.language)}</dd>
          </div>
        </dl>
      ) : (
        <Button variant="outline" size="sm" className="mt-auto" onClick={() => void viewStats()} disabled={loadingStats}>
          {loadingStats ? <Loader2 className="animate-spin" /> : <BarChart3 />}
          {t('myBots.viewStats')}
        </Button>
      )}
    </Card>
  );
}

function MyBotMenu({ bot }: { bot: BotSummary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clone = useCloneBot();
  const publish = usePublishBot();
  const unpublish = useUnpublishBot();
  const [deleting, setDeleting] = useState(false);
  const fail = (fallback: string) => (err: Error) => toast.error(translateMessage(err.message || fallback));
  const download = (format: 'json' | 'yaml' | 'png') => void exportBot(bot, format);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="-mr-2 -mt-1" aria-label={t('botCard.actions', { name: bot.name })}>
            <MoreVertical />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link to={ROUTES.botEdit(bot.id)}>
              <Pencil />
              {t('botCard.edit')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() =>
              clone.mutate(
                { id: bot.id },
                {
                  onSuccess: (copy) =>
                    toast.success(t('botCard.cloned', { name: copy.name }), {
                      action: { label: t('myBots.open'), onClick: () => void navigate(ROUTES.bot(copy.id)) },
                    }),
                  onError: fail(BOT_FAILURES.clone),
                },
              )
            }
          >
            <Copy />
            {t('botCard.clone')}
          </DropdownMenuItem>
          {bot.isPublic ? (
            <DropdownMenuItem
              onSelect={() =>
                unpublish.mutate(bot.id, {
                  onSuccess: () => toast.success(t('botCard.unpublished')),
                  onError: fail(BOT_FAILURES.unpublish),
                })
              }
            >
              <EyeOff />
              {t('myBots.makePrivate')}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem
              onSelect={() =>
                publish.mutate(bot.id, { onSuccess: () => toast.success(t('botCard.published')), onError: fail(BOT_FAILURES.publish) })
              }
            >
              <Upload />
              {t('botCard.publish')}
            </DropdownMenuItem>
          )}
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>
              <Download />
              {t('botCard.export')}
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              <DropdownMenuItem onSelect={() => download('png')}>{t('botCard.exportPng')}</DropdownMenuItem>
              <DropdownMenuItem onSelect={() => download('json')}>{t('botCard.exportJson')}</DropdownMenuItem>
              <DropdownMenuItem onSelect={() => download('yaml')}>{t('botCard.exportYaml')}</DropdownMenuItem>
            </DropdownMenuSubContent>
          </DropdownMenuSub>
          <DropdownMenuSeparator />
          <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => setDeleting(true)}>
            <Trash2 />
            {t('common.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteBotDialog bot={bot} open={deleting} onOpenChange={setDeleting} />
    </>
  );
}
