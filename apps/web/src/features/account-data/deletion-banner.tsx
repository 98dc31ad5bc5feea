import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { ZDataSettingsAnswer } from '@app/shared/account-data/settings';
import { useAuthStore } from '@/features/auth/store';
import { api } from '@/lib/api-client';
import { DATA_SETTINGS_QUERY_KEY } from './data-api';

// The banner's card (with its confirm dialog) loads only for the few accounts that need it: every
// other signed-in page would load and run it for nothing.
const PendingDeletionBanner = lazy(() => import('./danger-zone-card').then((m) => ({ default: m.PendingDeletionBanner })));

/**
 * On every page of a signed-in user whose account is scheduled for deletion: the date and Cancel
 * (the Data section shows its own). It shares the Data section's query, so scheduling or
 * cancelling there shows here at once.
 */
export function AppDeletionBanner() {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const { pathname } = useLocation();
  const settings = useQuery({
    queryKey: DATA_SETTINGS_QUERY_KEY,
    queryFn: () => api('/api/user/settings/data', { schema: ZDataSettingsAnswer }),
    enabled: signedIn,
    // A page change needs no new read: the date changes only through the Data section's calls.
    staleTime: 5 * 60_000,
  });
  const scheduledDeletion = signedIn ? settings.data?.scheduledDeletion : null;
  if (!scheduledDeletion || pathname === ROUTES.settingsData) return null;
  return (
    <div className="mb-4">
      <Suspense>
        <PendingDeletionBanner scheduledDeletion={scheduledDeletion} />
      </Suspense>
    </div>
  );
}
