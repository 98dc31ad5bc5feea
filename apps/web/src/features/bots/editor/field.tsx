import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { translateMessage } from '@/lib/messages';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Shown right of the label, such as a character counter. */
  aside?: ReactNode;
  children(control: ControlProps): ReactNode;
}

/** A labelled control of the form with its hint and error, tied together for screen readers. */
export function Field({ label, error, hint, aside, children }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid content-start gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive" data-testid="field-error">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

/** 'n/max', red past the limit. */
export function Counter({ value, max, min }: { value: string; max: number; min?: number }) {
  const length = value.trim().length;
  const bad = length > max || (min !== undefined && length > 0 && length < min);
  return <span className={bad ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'}>{`${length}/${max}`}</span>;
}
