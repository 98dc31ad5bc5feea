import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuthStore } from '@/features/auth/store';
import { ExplorePage } from '@/features/bots/explore/explore-page';

// Signed in only, below the list and after the first paint: the home page's first load stays as it was.
const HomeGamificationWidget = lazy(() =>
  import('@/features/gamification/home-widget').then((m) => ({ default: m.HomeGamificationWidget })),
);

// The 'Top Players' card (gamification.md §2.9) beside it, from the leaderboards area.
const HomeTopPlayers = lazy(() => import('@/features/leaderboards/top-players-card').then((m) => ({ default: m.TopPlayersCard })));

/** True once the browser has painted and has a moment to spare. */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setReady(true), 300);
    return () => clearTimeout(id);
  }, []);
  return ready;
}

/** `/` (a lazy chunk with the explore page, router.tsx): the explore page and, for a signed-in user, the gamification widget under it (gamification.md §2.5) and the 'Top Players' card (§2.9). */
export function HomePage() {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const ready = useAfterFirstPaint();
  return (
    <>
      <ExplorePage />
      {signedIn && ready ? (
        <Suspense fallback={null}>
          <HomeGamificationWidget beside={<HomeTopPlayers />} />
        </Suspense>
      ) : null}
    </>
  );
}
