import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** One package on sale (gems or tokens): its name, what it gives, its price, and Buy; the popular one stands out. */
export function PackCard(props: {
  name: string;
  amount: ReactNode;
  price: ReactNode;
  isPopular: boolean;
  popularLabel: string;
  buyLabel: string;
  /** The button's full name for assistive technology: starts with buyLabel, then says what is bought. */
  buyName: string;
  disabled: boolean;
  onBuy(): void;
}) {
  return (
    <li className={cn('relative grid gap-2 rounded-lg border p-4', props.isPopular && 'border-primary ring-1 ring-primary')}>
      {props.isPopular && (
        <Badge className="absolute -top-2.5 right-3">
          <Sparkles className="size-3" aria-hidden />
          {props.popularLabel}
        </Badge>
      )}
      <p className="font-semibold">{props.name}</p>
      <p className="text-2xl font-bold tabular-nums">{props.amount}</p>
      <p className="text-sm text-muted-foreground">{props.price}</p>
      <Button
        size="sm"
        variant={props.isPopular ? 'default' : 'outline'}
        disabled={props.disabled}
        onClick={props.onBuy}
        aria-label={props.buyName}
      >
        {props.buyLabel}
      </Button>
    </li>
  );
}
