import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** A search box with its icon; the placeholder doubles as its accessible name. */
export function SearchInput({ className, placeholder, ...props }: ComponentProps<typeof Input> & { placeholder: string }) {
  return (
    <div className={cn('relative', className)}>
      <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input type="search" placeholder={placeholder} aria-label={placeholder} className="pl-9" {...props} />
    </div>
  );
}
