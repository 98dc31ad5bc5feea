import { ROUTES } from '@app/shared/app/routes';
import type { AppContext } from '../../../context';
import { notifyUser } from './notify';

/**
 * The notifications that other features raise, one function per event, so that a feature's route
 * states what happened and this folder decides the words and the channels.
 */
export async function notifyNewFollower(
  ctx: AppContext,
  followeeId: string,
  follower: { username: string; displayName: string },
): Promise<void> {
  await notifyUser(ctx, followeeId, {
    event: 'newFollower',
    title: `${follower.displayName} started following you`,
    body: `@${follower.username} now follows you.`,
    link: ROUTES.profile(follower.username),
  });
}
