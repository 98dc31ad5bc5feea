import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** One on/off setting: a label, a line that explains it, the switch (named by the label), and room for an action. */
export function SettingSwitch({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  action,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  /** A button beside the switch (the channel's Test). */
  action?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="grid min-w-0 gap-0.5">
        <Label htmlFor={id} className={disabled ? 'opacity-60' : undefined}>
          {label}
        </Label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {description}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {action}
        <Switch
          id={id}
          checked={checked}
          onCheckedChange={onCheckedChange}
          disabled={disabled}
          aria-describedby={description ? `${id}-description` : undefined}
        />
      </div>
    </div>
  );
}
