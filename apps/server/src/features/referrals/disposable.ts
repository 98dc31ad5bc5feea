import { createRequire } from 'node:module';
import { emailDomain } from '@app/shared/referrals/rules';

let domains: Set<string> | null = null;

/**
 * True when the address is at a disposable (throwaway) domain or a subdomain of one, by the
 * maintained list of the `disposable-email-domains` package (loaded once, on first use).
 */
export function isDisposableEmail(email: string): boolean {
  if (!domains) {
    const list = createRequire(import.meta.url)('disposable-email-domains') as string[];
    domains = new Set(list.map((d) => d.toLowerCase()));
  }
  const parts = emailDomain(email).split('.');
  for (let i = 0; i < parts.length - 1; i += 1) if (domains.has(parts.slice(i).join('.'))) return true;
  return false;
}
