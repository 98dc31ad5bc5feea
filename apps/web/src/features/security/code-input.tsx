import { useId } from 'react';
import { DISABLE_CODE_MAX_LENGTH } from '@app/shared/settings/messages';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The 6-digit code field of the two-factor dialogs (§5: required, at most 6 characters). */
export function CodeInput({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={DISABLE_CODE_MAX_LENGTH}
        placeholder="123456"
        className="max-w-40 font-mono tracking-widest"
        required
      />
    </div>
  );
}

export const isSixDigits = (code: string) => /^\d{6}$/.test(code);
