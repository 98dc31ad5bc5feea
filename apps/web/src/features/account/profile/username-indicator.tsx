import { Check, Loader2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Availability } from './username-availability';
import './texts';

/** The live availability next to the username field; nothing while unknown. */
export function UsernameIndicator({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  if (availability === 'unknown') return null;
  const look = {
    checking: { Icon: Loader2, className: 'text-muted-foreground [&_svg]:animate-spin' },
    available: { Icon: Check, className: 'text-success' },
    taken: { Icon: X, className: 'text-destructive' },
  }[availability];
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="username-availability"
      data-state={availability}
      className={`flex items-center gap-1 text-sm ${look.className}`}
    >
      <look.Icon className="size-4" />
      {t(`settingsProfile.username.${availability}`)}
    </p>
  );
}
