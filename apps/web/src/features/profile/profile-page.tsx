import { numberFormat } from '@/lib/intl';
import { Bot, MessageSquare, MessagesSquare, Star, UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PublicProfile } from '@app/shared/profiles/schemas';
import { ErrorCard } from '@/components/error-card';
import { NotFoundCard } from '@/components/not-found-card';
import { PageSkeleton } from '@/components/page-skeleton';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePublicBots } from '@/features/bots/api';
import { BotCard } from '@/features/bots/components/bot-card';
import { ApiRequestError } from '@/lib/api-client';
import { useProfile } from './api';
import { ActivityFeed } from './gamification/activity-feed';
import { EquippedBadges } from './gamification/equipped-badges';
import { ProfileAchievements } from './gamification/profile-achievements';
import { useProfileStats } from './gamification/api';
import { StatsGrid } from './gamification/stats-grid';
import { ProfileBotsTab } from './profile-bots-tab';
import { ProfileWidget } from './profile-widget';
import '@/features/profile/gamification/texts';
import './texts';

/** The profile's overview shows the latest 5 activities (§2.11); the Activity tab pages by 20. */
const PROFILE_ACTIVITY_LIMIT = 5;

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
  const [tab, setTab] = useState('overview');
  // The public profile has no level of its own: the stats grid's query (shared cache) gives it.
  const progress = useProfileStats(profile.username).data;
  const level = profile.level ?? (progress ? { level: progress.level, rank: progress.rank.name } : null);
  const number = numberFormat(i18n.language);
  const stats = [
    { icon: Bot, label: t('profile.stats.bots'), value: number.format(profile.stats.publicBots) },
    { icon: MessagesSquare, label: t('profile.stats.chats'), value: number.format(profile.stats.totalChats) },
    { icon: MessageSquare, label: t('profile.stats.messages'), value: number.format(profile.stats.totalMessages) },
    { icon: Star, label: t('profile.stats.rating'), value: profile.stats.avgRating?.toFixed(1) ?? '—' },
  ];
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <ProfileWidget profile={{ ...profile, level }} />
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
      <EquippedBadges username={profile.username} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="overview">{t('profile.tabs.overview')}</TabsTrigger>
          <TabsTrigger value="bots">{t('profile.tabs.bots')}</TabsTrigger>
          <TabsTrigger value="achievements">{t('profile.tabs.achievements')}</TabsTrigger>
          <TabsTrigger value="activity">{t('profile.tabs.activity')}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview profile={profile} onViewAchievements={() => setTab('achievements')} />
        </TabsContent>
        <TabsContent value="bots">
          <ProfileBotsTab profile={profile} />
        </TabsContent>
        <TabsContent value="achievements">
          <ProfileAchievements username={profile.username} variant="full" />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityFeed username={profile.username} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** The overview (§2.11): the stats grid, the 3 featured achievements, the 5 latest activities, the three most popular public bots. */
function Overview({ profile, onViewAchievements }: { profile: PublicProfile; onViewAchievements(): void }) {
  const { t } = useTranslation();
  const top = usePublicBots({ creator: profile.id, sortBy: 'popular', limit: 3 });
  return (
    // One column as wide as the page: a long line in the feed truncates instead of widening it.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <StatsGrid username={profile.username} />
      <div className="grid gap-2">
        <ProfileAchievements username={profile.username} variant="featured" />
        <Button variant="link" size="sm" className="justify-self-start px-0" onClick={onViewAchievements}>
          {t('profileGamification.achievements.viewAll')}
        </Button>
      </div>
      <ActivityFeed username={profile.username} limit={PROFILE_ACTIVITY_LIMIT} />
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
    </div>
  );
}
