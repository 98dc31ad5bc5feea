import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, otpauthUrl, qrCodeDataUrl, totpCode, totpStep } from '../../src/features/security/totp';

// RFC 6238 Appendix B: the SHA1 key is the ASCII text '12345678901234567890'; codes have 8 digits.
const RFC_SECRET = OTPAuth.Secret.fromLatin1('12345678901234567890').base32;
const RFC_VECTORS: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i s gives the 8-digit code %s of Appendix B', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(code);
  });

  it.each(RFC_VECTORS)('at %i s gives the last 6 digits of %s as the 6-digit code', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code.slice(-6));
  });

  it('accepts the code of the current step and of one step either side, and says which step', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(step).toBe(Math.floor(now / 30_000));
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, of another secret, or malformed', () => {
    const now = 1_700_000_000_000;
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(newTotpSecret(), now), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now)).toBeNull();
  });

  it('makes 160-bit secrets, an otpauth URL that apps read, and a PNG QR code', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = otpauthUrl(secret, 'ann@example.com');
    const parsed = OTPAuth.URI.parse(url) as OTPAuth.TOTP;
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
    expect(parsed.secret.base32).toBe(secret);
    expect(parsed.algorithm).toBe('SHA1');
    expect(parsed.digits).toBe(6);
    expect(parsed.period).toBe(30);
    expect(parsed.label).toBe('ann@example.com');
    const png = await qrCodeDataUrl(url);
    expect(png).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(png.split(',')[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });
});
