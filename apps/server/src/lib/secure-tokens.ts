import { hash, randomBytes } from 'node:crypto';

/**
 * A new secret token: 256 random bits, base64url, with a short prefix that tells its kind
 * in logs and leak scanners (`at_` access, `rt_` refresh, `ev_` email verification).
 */
export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** Tokens are stored only as this hash. SHA-256 suffices: the tokens themselves carry 256 random bits. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}
