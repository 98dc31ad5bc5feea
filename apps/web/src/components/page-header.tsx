import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface PageHeaderProps {
  icon: LucideIcon;
  /** The page's h1. */
  title: string;
  subtitle: string;
  /** Tints the icon's box other than in the primary colour (the wallet's amber, say); merged over the default. */
  iconClassName?: string;
}

/** A feature page's heading, one shape for all of them: the icon in a tinted box, the h1 and a line under it. */
export function PageHeader({ icon: Icon, title, subtitle, iconClassName }: PageHeaderProps) {
  return (
    <header className="flex items-center gap-3">
      {/* shrink-0: a long title wraps; the icon keeps its size. */}
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary', iconClassName)}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{subtitle}</p>
      </div>
    </header>
  );
}
