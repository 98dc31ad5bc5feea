import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A form label. A double click on it selects no text (as Radix's label did); a plain element, as
 * the explore page's filters are on the home page's first load (the web budget, budget.json).
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('text-sm font-medium leading-none', className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
