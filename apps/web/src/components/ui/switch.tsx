import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { SWITCH_ROOT_CLASS, SWITCH_THUMB_CLASS } from './control-styles';

export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root className={cn(SWITCH_ROOT_CLASS, className)} {...props}>
      <SwitchPrimitive.Thumb className={SWITCH_THUMB_CLASS} />
    </SwitchPrimitive.Root>
  );
}
