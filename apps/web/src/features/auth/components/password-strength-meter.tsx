import { useTranslation } from 'react-i18next';
import { evaluatePassword, type PasswordStrength } from '@app/shared/auth/password-policy';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';

const BAR: Record<PasswordStrength, { filled: number; color: string }> = {
  weak: { filled: 1, color: 'bg-destructive' },
  medium: { filled: 2, color: 'bg-warning' },
  strong: { filled: 3, color: 'bg-sky-500' },
  'very-strong': { filled: 4, color: 'bg-success' },
};

/** The strength meter of settings-and-referrals.md §5: four steps, the spec's labels, and what is still missing. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const result = evaluatePassword(password);
  const bar = BAR[result.strength];
  return (
    <div className="grid gap-1.5" data-testid="password-strength" data-strength={result.strength}>
      <div
        className="flex gap-1"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={result.score}
        aria-label={t('auth.passwordStrength')}
      >
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={cn('h-1.5 flex-1 rounded-full bg-muted transition-colors', i < bar.filled && bar.color)} />
        ))}
      </div>
      <div className="flex items-center justify-between text-xs">
        <span className="font-medium">{translateMessage(result.label)}</span>
        <span className="text-muted-foreground">{result.score}/100</span>
      </div>
      {result.errors.length > 0 ? (
        <ul className="grid gap-0.5 text-xs text-muted-foreground">
          {result.errors.map((e) => (
            <li key={e}>• {translateMessage(e)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
