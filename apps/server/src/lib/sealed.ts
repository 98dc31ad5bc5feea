import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets that the server must read back (TOTP secrets, webhook signing secrets) are kept sealed
 * with AES-256-GCM under the server's key (app_secrets `seal_key`), so a database dump alone
 * does not give them away. Format: `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 *
 * @example
 * const sealed = seal(key, 'JBSWY3DPEHPK3PXP'); unseal(key, sealed) === 'JBSWY3DPEHPK3PXP'
 */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plaintext of `seal`; throws when the value was altered or sealed under another key. */
export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The 32-byte key from the stored secret (base64url of 32 random bytes). */
export function sealKeyOf(secret: string): Buffer {
  const key = Buffer.from(secret, 'base64url');
  if (key.length !== 32) throw new Error('The seal key must be 32 bytes');
  return key;
}
