import { numberFormat } from '@/lib/intl';
import {
  Copy,
  Download,
  EyeOff,
  Flag,
  Loader2,
  MessageSquare,
  MessagesSquare,
  Pencil,
  Share2,
  Star,
  TrendingUp,
  Upload,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { DEFAULT_CARD_RATING } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import type { Bot } from '@app/shared/bots/schemas';
import { ChatBubble } from '@/components/chat-bubble';
import { ErrorCard } from '@/components/error-card';
import { NotFoundCard } from '@/components/not-found-card';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuthModal } from '@/features/auth/auth-modal-store';
import { useCurrentUser } from '@/features/auth/store';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { useBot, useCloneBot, usePublishBot, useUnpublishBot } from '../api';
import { exportBot, FavoriteButton, StartChatLink, useShareBot } from '../components/bot-actions';
import { ReportDialog } from '../components/bot-dialogs';
import { CategoryIcon } from '../components/category-icon';
import { BotStatisticsWidget } from '../statistics/bot-statistics-widget';
import { useFillNames } from '../use-fill-names';
import { timeAgo } from '../time-ago';
import { TextMarkdown } from '@/components/markdown';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /bots/{id}: who the character is, how it opens a chat, its numbers, and what the viewer may do with it. */
export function BotDetailPage() {
  const { botId = '' } = useParams();
  const { t } = useTranslation();
  // Bot ids are UUIDs: anything else is not a bot, and is not worth a request.
  const wellFormed = UUID.test(botId);
  const bot = useBot(wellFormed ? botId : undefined);

  if (wellFormed && bot.isPending) return <DetailSkeleton />;
  if (!wellFormed || bot.isError) {
    const missing = !wellFormed || (bot.error instanceof ApiRequestError && (bot.error.status === 404 || bot.error.status === 400));
    return missing ? (
      <NotFoundCard title={t('botDetail.notFound')} text={t('botDetail.notFoundText')} />
    ) : (
      <ErrorCard message={bot.error?.message || BOT_FAILURES.get} onRetry={() => void bot.refetch()} />
    );
  }
  return bot.data ? <BotDetail bot={bot.data} /> : <DetailSkeleton />;
}

function BotDetail({ bot }: { bot: Bot }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  // Who {{char}} and {{user}} stand for in the card's texts.
  const fill = useFillNames(bot.name);
  const share = useShareBot();
  const [reporting, setReporting] = useState(false);
  const canEdit = bot.myRole === 'owner' || bot.myRole === 'editor';
  const isOwner = bot.myRole === 'owner';
  const number = numberFormat(i18n.language);
  const rating = bot.stats.avgRating ?? DEFAULT_CARD_RATING;
  const showSignIn = useAuthModal((s) => s.show);

  return (
    <article className="mx-auto grid max-w-4xl gap-6">
      <header className="grid gap-5 rounded-2xl border bg-card p-5 shadow-sm sm:grid-cols-[auto_1fr] sm:p-8">
        <Avatar src={bot.avatarUrl} name={bot.name} className="size-28 rounded-2xl sm:size-36" />
        <div className="grid content-start gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{bot.name}</h1>
            <Badge variant={bot.isPublic ? 'success' : 'outline'}>{t(`botDetail.visibility.${bot.visibility}`)}</Badge>
            {bot.nsfw ? <Badge variant="destructive">NSFW</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">
            {t('botCard.by', { name: '' })}
            <Link to={ROUTES.profile(bot.creator.username)} className="font-medium text-foreground hover:underline">
              {bot.creator.displayName}
            </Link>
            {' · '}
            {t('botCard.updated', { when: timeAgo(bot.updatedAt, i18n.language) })}
          </p>
          <div className="flex flex-wrap gap-1.5">
            {bot.category ? (
              <Badge variant="secondary">
                <CategoryIcon icon={bot.category.icon} />
                {t(`categories.${bot.category.id}`, { defaultValue: bot.category.name })}
              </Badge>
            ) : null}
            {bot.tags.map((tag) => (
              <Link key={tag} to={`${ROUTES.home}?tags=${encodeURIComponent(tag)}`}>
                <Badge variant="outline" className="font-normal hover:bg-accent">
                  #{tag}
                </Badge>
              </Link>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <StartChatLink botId={bot.id} size="default" />
            <FavoriteButton botId={bot.id} favorited={bot.favorited} className="border" />
            <Button variant="outline" onClick={() => void share(bot.id)}>
              <Share2 />
              {t('botCard.share')}
            </Button>
            {canEdit ? (
              <Button asChild variant="outline">
                <Link to={ROUTES.botEdit(bot.id)}>
                  <Pencil />
                  {t('botCard.edit')}
                </Link>
              </Button>
            ) : null}
            {isOwner ? <PublishToggle bot={bot} /> : null}
            {user ? <CloneButton bot={bot} /> : null}
            <ExportMenu bot={bot} />
            {!isOwner ? (
              <Button variant="ghost" onClick={() => (user ? setReporting(true) : showSignIn('signin'))}>
                <Flag />
                {t('botCard.report')}
              </Button>
            ) : null}
          </div>
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat icon={MessagesSquare} label={t('botCard.chats')} value={number.format(bot.stats.totalChats)} />
        <Stat icon={MessageSquare} label={t('botCard.messages')} value={number.format(bot.stats.totalMessages)} />
        <Stat icon={Star} label={t('botDetail.rating', { count: bot.stats.ratingCount })} value={rating.toFixed(1)} />
        <Stat icon={TrendingUp} label={t('botDetail.popularity')} value={number.format(bot.stats.popularity)} />
      </dl>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('botDetail.about')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="prose-chat break-words" data-testid="bot-about">
            <TextMarkdown>{fill(bot.description)}</TextMarkdown>
          </div>
          {bot.scenario ? (
            <div className="grid gap-1">
              <h2 className="text-sm font-semibold">{t('botDetail.scenario')}</h2>
              <div className="prose-chat break-words text-sm text-muted-foreground">
                <TextMarkdown>{fill(bot.scenario)}</TextMarkdown>
              </div>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('botDetail.opening')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div className="flex gap-3">
            <Avatar src={bot.avatarUrl} name={bot.name} className="size-9" />
            <ChatBubble className="max-w-prose" data-testid="bot-opening" text={fill(bot.firstMessage)} />
          </div>
          {bot.alternateGreetings.length ? (
            <p className="text-xs text-muted-foreground">{t('botDetail.alternates', { count: bot.alternateGreetings.length })}</p>
          ) : null}
        </CardContent>
      </Card>

      {user && bot.myRole ? <BotStatisticsWidget botId={bot.id} /> : null}

      <p className="text-xs text-muted-foreground">
        {t('botDetail.created', { date: new Date(bot.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'long' }) })}
      </p>
      <ReportDialog botId={bot.id} botName={bot.name} open={reporting} onOpenChange={setReporting} />
    </article>
  );
}

function Stat({ icon: Icon, label, value }: { icon: typeof Star; label: string; value: string }) {
  return (
    <Card className="p-4">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon className="size-3.5" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-1 text-xl font-semibold">{value}</dd>
    </Card>
  );
}

function PublishToggle({ bot }: { bot: Bot }) {
  const { t } = useTranslation();
  const publish = usePublishBot();
  const unpublish = useUnpublishBot();
  const pending = publish.isPending || unpublish.isPending;
  const fail = (err: Error) => toast.error(translateMessage(err.message));
  return bot.isPublic ? (
    <Button
      variant="outline"
      disabled={pending}
      onClick={() => unpublish.mutate(bot.id, { onSuccess: () => toast.success(t('botCard.unpublished')), onError: fail })}
    >
      {pending ? <Loader2 className="animate-spin" /> : <EyeOff />}
      {t('botCard.unpublish')}
    </Button>
  ) : (
    <Button
      variant="outline"
      disabled={pending}
      onClick={() => publish.mutate(bot.id, { onSuccess: () => toast.success(t('botCard.published')), onError: fail })}
    >
      {pending ? <Loader2 className="animate-spin" /> : <Upload />}
      {t('botCard.publish')}
    </Button>
  );
}

function CloneButton({ bot }: { bot: Bot }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clone = useCloneBot();
  return (
    <Button
      variant="outline"
      disabled={clone.isPending}
      onClick={() =>
        clone.mutate(
          { id: bot.id },
          {
            onSuccess: (copy) => {
              toast.success(t('botCard.cloned', { name: copy.name }));
              void navigate(ROUTES.bot(copy.id));
            },
            onError: (err) => toast.error(translateMessage(err.message || BOT_FAILURES.clone)),
          },
        )
      }
    >
      {clone.isPending ? <Loader2 className="animate-spin" /> : <Copy />}
      {t('botCard.clone')}
    </Button>
  );
}

/** Download as a Character Card: JSON, YAML, or a PNG that other apps (SillyTavern...) import. */
export function ExportMenu({ bot }: { bot: Pick<Bot, 'id' | 'name'> }) {
  const { t } = useTranslation();
  const download = (format: 'json' | 'yaml' | 'png') => exportBot(bot, format);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Download />
          {t('botCard.export')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => void download('png')}>{t('botCard.exportPng')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void download('json')}>{t('botCard.exportJson')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void download('yaml')}>{t('botCard.exportYaml')}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-4xl gap-6" role="status" aria-label={t('common.loading')}>
      <div className="grid gap-5 rounded-2xl border p-5 sm:grid-cols-[auto_1fr] sm:p-8">
        <Skeleton className="size-28 rounded-2xl sm:size-36" />
        <div className="grid content-start gap-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-9 w-64" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-40" />
    </div>
  );
}
