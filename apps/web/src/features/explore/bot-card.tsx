import { MessageSquare, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_CARD_RATING } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import type { BotSummary } from '@app/shared/bots/schemas';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CategoryIcon } from './category-icon';

/** A public bot in the Explore grid: who it is, what it is about, and the way into a chat. */
export function BotCard({ bot }: { bot: BotSummary }) {
  const { t, i18n } = useTranslation();
  const rating = bot.stats.avgRating ?? DEFAULT_CARD_RATING;
  return (
    <Card className="group flex flex-col overflow-hidden transition-shadow hover:shadow-md" data-testid="bot-card">
      <Link to={ROUTES.bot(bot.id)} className="flex gap-3 p-4 pb-2">
        <Avatar src={bot.avatarUrl} name={bot.name} className="size-14 rounded-xl" />
        <div className="grid min-w-0 gap-1">
          <h3 className="truncate font-semibold group-hover:text-primary">{bot.name}</h3>
          <p className="truncate text-xs text-muted-foreground">{t('explore.by', { name: bot.creator.displayName })}</p>
          <div className="flex items-center gap-3 text-xs text-muted-foreground">
            <span className="flex items-center gap-1" title={t('explore.rating')}>
              <Star className="size-3.5 fill-amber-400 text-amber-400" />
              {rating.toFixed(1)}
            </span>
            <span className="flex items-center gap-1" title={t('explore.chats')}>
              <MessageSquare className="size-3.5" />
              {new Intl.NumberFormat(i18n.language, { notation: 'compact' }).format(bot.stats.totalChats)}
            </span>
          </div>
        </div>
      </Link>
      <p className="line-clamp-2 px-4 text-sm text-muted-foreground">{bot.description}</p>
      <div className="mt-3 flex flex-wrap gap-1.5 px-4">
        {bot.category ? (
          <Badge variant="secondary">
            <CategoryIcon icon={bot.category.icon} />
            {t(`categories.${bot.category.id}`, { defaultValue: bot.category.name })}
          </Badge>
        ) : null}
        {bot.tags.slice(0, 3).map((tag) => (
          <Badge key={tag} variant="outline" className="font-normal">
            #{tag}
          </Badge>
        ))}
      </div>
      <div className="mt-auto p-4 pt-4">
        <Button asChild className="w-full" size="sm">
          <Link to={ROUTES.chatWith(bot.id)}>{t('explore.startChat')}</Link>
        </Button>
      </div>
    </Card>
  );
}

export function BotCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex gap-3">
        <Skeleton className="size-14 rounded-xl" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-3 w-full" />
      <Skeleton className="h-3 w-5/6" />
      <Skeleton className="mt-2 h-8 w-full" />
    </Card>
  );
}
