import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Slot } from './slot';

type Props = Record<string, unknown>;
const render = (props: Props, child: ReactElement) => Slot({ ...props, children: child }) as ReactElement<Props>;

describe('Slot (asChild)', () => {
  it("joins classes, merges styles, and keeps the child's own props where the slot has none", () => {
    const out = render(
      { className: 'btn px-4', style: { color: 'red' }, title: 'slot' },
      <a href="/x" className="px-2" style={{ margin: 1 }} />,
    );
    expect(out.type).toBe('a');
    expect(out.props).toMatchObject({ href: '/x', className: 'btn px-2', style: { color: 'red', margin: 1 }, title: 'slot' });
  });

  it('calls both click handlers, the child first', () => {
    const calls: string[] = [];
    const out = render({ onClick: () => calls.push('slot') }, <a href="/x" onClick={() => calls.push('child')} />);
    (out.props.onClick as () => void)();
    expect(calls).toEqual(['child', 'slot']);
  });

  it('sets both refs', () => {
    const slotRef = vi.fn();
    const childRef = { current: null as unknown };
    const out = render({ ref: slotRef }, <a href="/x" ref={childRef as never} />);
    const node = {} as HTMLElement;
    (out.props.ref as (n: HTMLElement) => void)(node);
    expect(slotRef).toHaveBeenCalledWith(node);
    expect(childRef.current).toBe(node);
  });

  it('renders nothing without one element child', () => {
    expect(Slot({ children: 'text' })).toBeNull();
  });
});
