import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A placeholder in the shape of what is loading. It stands still for its first second and only
 * then pulses: most waits end before that, and a pulse that starts and stops at once is flicker,
 * not reassurance. Standing still also spares the device a frame every 16 ms while the page is
 * busiest (a pulsing placeholder is redrawn and composited on every frame: on the home page's
 * first second on a slow phone, about a second of the compositor's CPU, taken from the page).
 */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted [animation-delay:1s]', className)} {...props} />;
}
