import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

/** Initials of a name: "Demo User" → "DU". */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [name.trim()[0], name.trim()[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/**
 * A user's or a bot's picture, or their initials. `decorative` hides it from assistive technology,
 * for a control that names itself (a menu button whose label says whose menu it is).
 */
export function Avatar({
  src,
  name,
  className,
  decorative,
}: {
  src?: string | null;
  name: string;
  className?: string;
  decorative?: boolean;
}) {
  return (
    <AvatarPrimitive.Root
      className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full bg-muted', className)}
      aria-hidden={decorative || undefined}
    >
      {src ? <AvatarPrimitive.Image src={src} alt={decorative ? '' : name} className="aspect-square size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={src ? 400 : 0}
        className="flex size-full items-center justify-center bg-gradient-to-br from-violet-500 to-pink-500 text-xs font-semibold text-white"
      >
        {/* Decorative initials are drawn by CSS: no text node, so the control's own label is all it says. */}
        {decorative ? <span data-initials={initialsOf(name)} className="before:content-[attr(data-initials)]" /> : initialsOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
