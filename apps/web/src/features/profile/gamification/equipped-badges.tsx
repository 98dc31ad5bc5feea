import { Medal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { achievementById } from '@app/shared/gamification/profile';
import { leaderboardBadgeName } from '@app/shared/leaderboards/boards';
import { Badge } from '@/components/ui/badge';
import { useProfileAchievements } from './api';
import './texts';

/** The badges the user wears (up to three), under the profile's header; nothing while loading or when none. */
export function EquippedBadges({ username }: { username: string }) {
  const { t } = useTranslation();
  const badges = useProfileAchievements(username).data?.badges ?? [];
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={t('profileGamification.badges.title')} data-testid="equipped-badges">
      {badges.map((b) => (
        <li key={b.badgeId}>
          <Badge variant="premium">
            <Medal aria-hidden="true" />
            {/* A badge's id is the id of the legendary achievement that gave it, or a leaderboard's top-3 badge. */}
            {achievementById(b.badgeId)?.name ?? leaderboardBadgeName(b.badgeId) ?? b.badgeId}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
