import { Award, Bot, Heart, MessagesSquare, Sparkles, UserPlus, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import type { ActivityItem, ActivityType } from '@app/shared/gamification/profile';
import { ErrorCard } from '@/components/error-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { timeAgo } from '@/features/bots/time-ago';
import { translateMessage } from '@/lib/messages';
import { useProfileActivity } from './api';
import './texts';

const ICONS: Record<ActivityType, LucideIcon> = {
  level_up: Sparkles,
  achievement_unlocked: Award,
  bot_published: Bot,
  chat_started: MessagesSquare,
  bot_liked: Heart,
  user_followed: UserPlus,
};

/**
 * The activity feed of §2.11: `limit` entries a page (20 by default; the profile's overview shows
 * 5), 'Load more' for the next page, relative times, 'No activity yet' when there is none.
 */
export function ActivityFeed({ username, limit }: { username: string; limit?: number }) {
  const { t } = useTranslation();
  const activity = useProfileActivity(username, limit);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('profileGamification.activity.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <ol className="grid gap-3" aria-busy="true">
            {Array.from({ length: Math.min(limit ?? 5, 5) }, (_, i) => (
              <Skeleton key={i} className="h-8" />
            ))}
          </ol>
        ) : activity.isError ? (
          <ErrorCard message={activity.error.message} onRetry={() => void activity.refetch()} />
        ) : activity.data.pages[0]?.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{t('profileGamification.activity.empty')}</p>
        ) : (
          <div className="grid gap-4">
            <ol className="grid gap-3" data-testid="activity-feed">
              {activity.data.pages
                .flatMap((page) => page.items)
                .map((item) => (
                  <Entry key={item.id} item={item} />
                ))}
            </ol>
            {activity.hasNextPage ? (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-center"
                disabled={activity.isFetchingNextPage}
                onClick={() => void activity.fetchNextPage()}
              >
                {activity.isFetchingNextPage ? t('profileGamification.activity.loadingMore') : t('profileGamification.activity.loadMore')}
              </Button>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Entry({ item }: { item: ActivityItem }) {
  const { t, i18n } = useTranslation();
  const Icon = ICONS[item.type];
  const text = (key: ActivityType, values?: Record<string, unknown>) => t(`profileGamification.activity.${key}`, values);
  let body;
  switch (item.type) {
    case 'level_up':
      body = text('level_up', { level: item.data.level });
      break;
    case 'achievement_unlocked':
      body = (
        <>
          {text('achievement_unlocked')} <strong className="font-medium">{translateMessage(item.data.name)}</strong>
        </>
      );
      break;
    case 'user_followed':
      body = (
        <>
          {text('user_followed')}{' '}
          <Link to={ROUTES.profile(item.data.user.username)} className="font-medium hover:underline">
            {item.data.user.displayName}
          </Link>
        </>
      );
      break;
    default:
      body = (
        <>
          {text(item.type)}{' '}
          <Link to={ROUTES.bot(item.data.bot.id)} className="font-medium hover:underline">
            {item.data.bot.name}
          </Link>
        </>
      );
  }
  return (
    <li className="flex min-w-0 items-center gap-3" data-type={item.type}>
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1 truncate text-sm">{body}</span>
      <time dateTime={item.createdAt} className="shrink-0 text-xs text-muted-foreground">
        {timeAgo(item.createdAt, i18n.language)}
      </time>
    </li>
  );
}
