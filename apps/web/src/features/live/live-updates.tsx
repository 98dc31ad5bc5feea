import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore, useCurrentUser } from '@/features/auth/store';
import { startLiveClient, type LiveClient } from './live-client';
import { liveKeeper } from './live-keeper';

// The tab's one stream (live-keeper.ts): an effect run again, or the layout mounted again, keeps it.
const keeper = liveKeeper<LiveClient>();

/**
 * Keeps the signed-in user's live stream open while they are signed in (one per tab): the bell,
 * the balance badge and the gamification widgets update from it. Draws nothing.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id;
  // Closed as a sign-out starts: the server ends the session first, and the stream would then be refused.
  const signingOut = useAuthStore((s) => s.signingOut);
  useEffect(() => {
    if (!userId || signingOut || typeof EventSource === 'undefined') return;
    return keeper.hold(userId, () => startLiveClient(queryClient));
  }, [queryClient, userId, signingOut]);
  return null;
}
