import { numberFormat } from '@/lib/intl';
import { CalendarDays, Globe, MapPin, Pencil, Share2, Trophy, UserMinus, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import type { PublicProfile } from '@app/shared/profiles/schemas';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuthModal } from '@/features/auth/auth-modal-store';
import { useCurrentUser } from '@/features/auth/store';
import { translateMessage } from '@/lib/messages';
import { useFollow } from './api';
import './texts';

/** The profile widget of §2: minimal (a line with the avatar) or full (header, counts, actions). */
export function ProfileWidget({ profile, variant = 'full' }: { profile: PublicProfile; variant?: 'minimal' | 'full' }) {
  const { t, i18n } = useTranslation();
  if (variant === 'minimal') {
    return (
      <Link to={ROUTES.profile(profile.username)} className="flex items-center gap-3 rounded-lg p-2 hover:bg-accent">
        <Avatar src={profile.avatarUrl} name={profile.displayName} className="size-10" />
        <div className="grid min-w-0">
          <span className="truncate font-medium">{profile.displayName}</span>
          <span className="truncate text-xs text-muted-foreground">@{profile.username}</span>
        </div>
        <LevelBadge level={profile.level} />
      </Link>
    );
  }
  const number = numberFormat(i18n.language);
  return (
    <Card className="grid gap-5 p-5 sm:grid-cols-[auto_1fr] sm:p-8">
      <Avatar src={profile.avatarUrl} name={profile.displayName} className="size-24 sm:size-28" />
      <div className="grid content-start gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{profile.displayName}</h1>
          <LevelBadge level={profile.level} />
        </div>
        <p className="text-sm text-muted-foreground">@{profile.username}</p>
        {profile.bio ? <p className="max-w-prose whitespace-pre-wrap">{profile.bio}</p> : null}
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {profile.location ? (
            <li className="flex items-center gap-1">
              <MapPin className="size-4" />
              {profile.location}
            </li>
          ) : null}
          {profile.website ? (
            <li className="flex items-center gap-1">
              <Globe className="size-4" />
              <a href={profile.website} target="_blank" rel="noopener noreferrer nofollow" className="hover:underline">
                {profile.website.replace(/^https?:\/\//, '')}
              </a>
            </li>
          ) : null}
          <li className="flex items-center gap-1">
            <CalendarDays className="size-4" />
            {t('profile.joined', {
              date: new Date(profile.createdAt).toLocaleDateString(i18n.language, { month: 'long', year: 'numeric' }),
            })}
          </li>
        </ul>
        <p className="flex gap-4 text-sm">
          <span>
            <strong data-testid="followers-count">{number.format(profile.followers)}</strong>{' '}
            {t('profile.followers', { count: profile.followers })}
          </span>
          <span>
            <strong>{number.format(profile.following)}</strong> {t('profile.following')}
          </span>
        </p>
        <ProfileActions profile={profile} />
      </div>
    </Card>
  );
}

function LevelBadge({ level }: { level: PublicProfile['level'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="secondary" title={level ? translateMessage(level.rank) : t('profile.levelSoon')}>
      <Trophy />
      {level ? t('profile.level', { level: level.level }) : t('profile.levelNone')}
    </Badge>
  );
}

function ProfileActions({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const showSignIn = useAuthModal((s) => s.show);
  const follow = useFollow(profile.username);
  const share = async () => {
    const link = `${window.location.origin}${ROUTES.profile(profile.username)}`;
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('botCard.linkCopied'));
    } catch {
      toast.info(link);
    }
  };
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      {profile.isMe ? (
        <Button asChild variant="outline">
          <Link to={ROUTES.settingsProfile}>
            <Pencil />
            {t('profile.edit')}
          </Link>
        </Button>
      ) : (
        <Button
          variant={profile.isFollowing ? 'outline' : 'default'}
          aria-pressed={profile.isFollowing}
          disabled={follow.isPending}
          onClick={() =>
            user
              ? follow.mutate(
                  { userId: profile.id, follow: !profile.isFollowing },
                  { onError: (err) => toast.error(translateMessage(err.message)) },
                )
              : showSignIn('signin')
          }
          data-testid="follow-button"
        >
          {profile.isFollowing ? <UserMinus /> : <UserPlus />}
          {profile.isFollowing ? t('profile.unfollow') : t('profile.follow')}
        </Button>
      )}
      <Button variant="outline" onClick={() => void share()}>
        <Share2 />
        {t('profile.share')}
      </Button>
    </div>
  );
}
