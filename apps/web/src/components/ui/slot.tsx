import { cloneElement, isValidElement, type HTMLAttributes, type ReactElement, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };

/**
 * Renders its only child with the slot's props merged in (the `asChild` of Button): classes
 * joined, styles merged, both event handlers called (the child's first), both refs set, the slot's
 * other props winning. Radix's Slot does the same and more (Slottable), but it was a kilobyte
 * of the entry script that every page of the header carries (the web budget); the buttons only
 * ever wrap one link or element (React 19 passes refs as props).
 */
export function Slot({ children, ...slotProps }: SlotProps) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Record<string, unknown>>;
  const merged: Record<string, unknown> = { ...slotProps };
  for (const [key, childValue] of Object.entries(child.props)) {
    const slotValue = merged[key];
    if (/^on[A-Z]/.test(key) && typeof childValue === 'function' && typeof slotValue === 'function') {
      merged[key] = (...args: unknown[]) => {
        (childValue as (...a: unknown[]) => void)(...args);
        (slotValue as (...a: unknown[]) => void)(...args);
      };
    } else if (key === 'ref' && childValue && slotValue) {
      merged[key] = (node: HTMLElement | null) => {
        for (const ref of [childValue, slotValue] as Ref<HTMLElement>[]) {
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }
      };
    } else if (key === 'className') merged[key] = cn(slotProps.className, childValue as string);
    else if (key === 'style') merged[key] = { ...(slotProps.style ?? {}), ...(childValue as object) };
    else if (slotValue === undefined) merged[key] = childValue;
  }
  return cloneElement(child, merged);
}
