import { numberFormat } from '@/lib/intl';
import { Bot, MessageSquare, MessagesSquare, Star, Trophy, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import type { PublicProfile } from '@app/shared/profiles/schemas';
import { ErrorCard } from '@/components/error-card';
import { NotFoundCard } from '@/components/not-found-card';
import { PageSkeleton } from '@/components/page-skeleton';
import { Avatar } from '@/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePublicBots } from '@/features/bots/api';
import { BotCard } from '@/features/bots/components/bot-card';
import { timeAgo } from '@/features/bots/time-ago';
import { ApiRequestError } from '@/lib/api-client';
import { useActivity, useProfile } from './api';
import { ProfileBotsTab } from './profile-bots-tab';
import { ProfileWidget } from './profile-widget';

/** /profile/{usernameOrId}: the shareable profile, its bots, achievements and activity. */
export function ProfilePage() {
  const { usernameOrId = '' } = useParams();
  const { t } = useTranslation();
  const profile = useProfile(usernameOrId);
  if (profile.isPending) return <PageSkeleton />;
  if (profile.isError) {
    if (profile.error instanceof ApiRequestError && (profile.error.status === 404 || profile.error.status === 400)) {
      return <NotFoundCard icon={UserX} title={t('profile.notAvailable')} />;
    }
    return <ErrorCard message={profile.error.message} onRetry={() => void profile.refetch()} />;
  }
  return <Profile profile={profile.data} />;
}

function Profile({ profile }: { profile: PublicProfile }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const stats = [
    { icon: Bot, label: t('profile.stats.bots'), value: number.format(profile.stats.publicBots) },
    { icon: MessagesSquare, label: t('profile.stats.chats'), value: number.format(profile.stats.totalChats) },
    { icon: MessageSquare, label: t('profile.stats.messages'), value: number.format(profile.stats.totalMessages) },
    { icon: Star, label: t('profile.stats.rating'), value: profile.stats.avgRating?.toFixed(1) ?? '—' },
  ];
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <ProfileWidget profile={profile} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(({ icon: Icon, label, value }) => (
          <Card key={label} className="p-4">
            <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <Icon className="size-3.5" aria-hidden="true" />
              {label}
            </dt>
            <dd className="mt-1 text-xl font-semibold">{value}</dd>
          </Card>
        ))}
      </dl>
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">{t('profile.tabs.overview')}</TabsTrigger>
          <TabsTrigger value="bots">{t('profile.tabs.bots')}</TabsTrigger>
          <TabsTrigger value="achievements">{t('profile.tabs.achievements')}</TabsTrigger>
          <TabsTrigger value="activity">{t('profile.tabs.activity')}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview profile={profile} />
        </TabsContent>
        <TabsContent value="bots">
          <ProfileBotsTab profile={profile} />
        </TabsContent>
        <TabsContent value="achievements">
          <Card className="border-dashed">
            <CardContent className="grid place-items-center gap-2 p-10 text-center">
              <Trophy className="size-10 text-muted-foreground" />
              <p className="font-semibold">{t('profile.noAchievements')}</p>
              <p className="text-sm text-muted-foreground">{t('profile.noAchievementsText')}</p>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="activity">
          <Activity profile={profile} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** The overview: the three most popular public bots. */
function Overview({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const top = usePublicBots({ creator: profile.id, sortBy: 'popular', limit: 3 });
  return (
    <div className="grid gap-3">
      <h2 className="text-lg font-semibold">{t('profile.topBots')}</h2>
      {top.isPending ? (
        <div className="grid gap-4 sm:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : top.data?.items.length ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {top.data.items.map((bot) => (
            <BotCard key={bot.id} bot={bot} />
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('profile.noPublicBotsText')}</p>
      )}
    </div>
  );
}

function Activity({ profile }: { profile: PublicProfile }) {
  const { t, i18n } = useTranslation();
  const activity = useActivity(profile.username);
  if (activity.isPending) return <Skeleton className="h-40" />;
  if (activity.isError) return <ErrorCard message={activity.error.message} onRetry={() => void activity.refetch()} />;
  if (activity.data.items.length === 0) return <p className="p-6 text-center text-sm text-muted-foreground">{t('profile.noActivity')}</p>;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('profile.recentActivity')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {activity.data.items.map((item) => (
            <li key={`${item.bot.id}-${item.at}`} className="flex items-center gap-3">
              <Avatar src={item.bot.avatarUrl} name={item.bot.name} className="size-8 rounded-lg" />
              <span className="min-w-0 flex-1 truncate text-sm">
                {t(`profile.activity.${item.type}`)}{' '}
                <Link to={ROUTES.bot(item.bot.id)} className="font-medium hover:underline">
                  {item.bot.name}
                </Link>
              </span>
              <span className="text-xs text-muted-foreground">{timeAgo(item.at, i18n.language)}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
