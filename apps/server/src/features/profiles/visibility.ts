import type { Executor } from '../../db/client';
import { isBlockedBy, readSection } from '../account';
import { findProfileUser } from './repository';

/**
 * A user as another sees them, or null when they are not there for that viewer: no such user, a
 * user who blocked the viewer, or a private profile (settings: privacy) seen by someone else.
 */
export async function visibleProfile(db: Executor, usernameOrId: string, viewerId: string | null) {
  const user = await findProfileUser(db, usernameOrId);
  if (!user || (await isBlockedBy(db, user.id, viewerId))) return null;
  const privacy = await readSection(db, user.id, 'privacy');
  if (privacy.profileVisibility === 'private' && viewerId !== user.id) return null;
  return { user, privacy, isOwner: viewerId === user.id };
}
