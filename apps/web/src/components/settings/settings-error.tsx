import { AlertCircle } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';

/**
 * The red box of settings-and-referrals.md §8. The server's message when it gave one (a 4xx says
 * what to fix), else the spec's fixed text for the call (`fallback`, such as 'Failed to update profile').
 */
export function SettingsError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  const message = error instanceof ApiRequestError && error.status < 500 && error.message ? error.message : fallback;
  return (
    <Alert variant="destructive">
      <AlertCircle />
      <span>{translateMessage(message)}</span>
    </Alert>
  );
}
