import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { PasswordStrengthMeter } from './password-strength-meter';

interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
}

/** The account's email address, as every sign-in, signup and reset form asks for it. */
export function EmailField(props: FieldProps & { aside?: ReactNode }) {
  return <FormField type="email" autoComplete="email" {...props} />;
}

/** A password being chosen (signup, reset), with the strength meter under it. */
export function NewPasswordField({ password, ...props }: FieldProps & { password: string }) {
  return (
    <FormField type="password" autoComplete="new-password" {...props}>
      <PasswordStrengthMeter password={password} />
    </FormField>
  );
}

/** A form's full-width submit button, with a spinner while it is busy. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy ? <Loader2 className="animate-spin" /> : null}
      {children}
    </Button>
  );
}
