import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

/** Initials of a name: "Demo User" → "DU". */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [name.trim()[0], name.trim()[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

type Props = { src?: string | null; name: string; className?: string; decorative?: boolean };

/**
 * A user's or a bot's picture, or their initials. `decorative` hides it from assistive technology,
 * for a control that names itself (a menu button whose label says whose menu it is). Plain
 * elements rather than Radix's avatar: the bot cards are on the home page's first load (the web
 * budget, budget.json), and this is all that Radix did here.
 */
export function Avatar({ src, className, ...props }: Props) {
  return (
    <span
      className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full bg-muted', className)}
      aria-hidden={props.decorative || undefined}
    >
      {/* Keyed by the picture, so that a new one starts over (loading, then shown or its initials). */}
      <AvatarContent key={src ?? ''} src={src} {...props} />
    </span>
  );
}

// The initials wait this long for a picture before showing, so that one in the cache never flashes them.
const FALLBACK_DELAY_MS = 400;

function AvatarContent({ src, name, decorative }: Props) {
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed');
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (status !== 'loading') return;
    const timer = setTimeout(() => setLate(true), FALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return (
    <>
      {src && status !== 'failed' ? (
        <img
          src={src}
          alt={decorative ? '' : name}
          className={cn('aspect-square size-full object-cover', status === 'loading' && 'hidden')}
          onLoad={() => setStatus('loaded')}
          onError={() => setStatus('failed')}
        />
      ) : null}
      {status === 'failed' || (status === 'loading' && late) ? (
        <span className="flex size-full items-center justify-center bg-gradient-to-br from-violet-500 to-pink-500 text-xs font-semibold text-white">
          {/* Decorative initials are drawn by CSS: no text node, so the control's own label is all it says. */}
          {decorative ? <span data-initials={initialsOf(name)} className="before:content-[attr(data-initials)]" /> : initialsOf(name)}
        </span>
      ) : null}
    </>
  );
}
