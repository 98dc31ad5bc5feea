import type { ReactNode } from 'react';

/** An empty list: an icon, a title and a hint, in a dashed box. */
export function EmptyState({ icon, title, hint, testId }: { icon: ReactNode; title: string; hint?: string; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center" data-testid={testId}>
      <span className="text-muted-foreground [&_svg]:size-8">{icon}</span>
      <p className="font-medium">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
    </div>
  );
}
