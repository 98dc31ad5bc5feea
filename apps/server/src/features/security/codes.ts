import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { BACKUP_CODE_COUNT } from '@app/shared/security/schemas';

/**
 * The short secrets of two-factor: codes sent by email or sms, and backup codes. They are stored
 * only as an HMAC under the server's seal key, so that a copy of the database alone can't be
 * searched for them.
 */

// Letters and digits without the look-alikes 0/O, 1/I/L: read off a sheet of paper and typed back.
const BACKUP_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Six random digits (a code sent by email or sms). */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** One backup code: 10 characters (about 49 bits), shown as XXXXX-XXXXX. */
export function newBackupCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += BACKUP_ALPHABET[randomInt(0, BACKUP_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function newBackupCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) codes.add(newBackupCode());
  return [...codes];
}

/** The form a typed backup code is compared in: upper case, no dash or spaces. */
export function normalizeBackupCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** The stored form of a code; `purpose` keeps a code of one kind from matching another kind. */
export function hashCode(key: Buffer, purpose: 'backup' | 'sent', code: string): string {
  return createHmac('sha256', key).update(`${purpose}:${code}`).digest('base64url');
}

/** Compares two stored hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** An address shown without giving it away: 'a•••@example.com'. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
}

/** A phone number shown by its last four digits: '•••• 4567'. */
export function maskPhone(phone: string): string {
  return `•••• ${phone.slice(-4)}`;
}
