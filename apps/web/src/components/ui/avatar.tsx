import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

/** Initials of a name: "Demo User" → "DU". */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [name.trim()[0], name.trim()[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

export function Avatar({ src, name, className }: { src?: string | null; name: string; className?: string }) {
  return (
    <AvatarPrimitive.Root className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full bg-muted', className)}>
      {src ? <AvatarPrimitive.Image src={src} alt={name} className="aspect-square size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={src ? 400 : 0}
        className="flex size-full items-center justify-center bg-gradient-to-br from-violet-500 to-pink-500 text-xs font-semibold text-white"
      >
        {initialsOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
