import { eq } from 'drizzle-orm';
import { ROUTES } from '@app/shared/app/routes';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { notifyUser } from './notify';

/**
 * The notifications that other areas' events raise, one subscription per event: the publisher
 * states what happened, and this folder decides the words and the channels.
 */
export function subscribeNotifications(ctx: AppContext): void {
  ctx.events.subscribe('user.followed', 'notifications', async ({ payload }) => {
    const [follower] = await ctx.db
      .select({ username: users.username, displayName: users.displayName })
      .from(users)
      .where(eq(users.id, payload.followerId));
    if (!follower) return;
    await notifyUser(ctx, payload.followeeId, {
      event: 'newFollower',
      title: `${follower.displayName} started following you`,
      body: `@${follower.username} now follows you.`,
      link: ROUTES.profile(follower.username),
    });
  });
}
