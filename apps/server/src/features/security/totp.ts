import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { APP_NAME } from '@app/shared/app/constants';
import { TOTP_SETTINGS } from '@app/shared/security/schemas';

/**
 * TOTP (RFC 6238) through the otpauth library, with the settings every authenticator app reads:
 * SHA1, 30-second steps, 6 digits. The server and the tests go through these functions only.
 */

/** A new random secret of 160 bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, account = '', digits: number = TOTP_SETTINGS.digits): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: APP_NAME,
    label: account,
    algorithm: TOTP_SETTINGS.algorithm,
    digits,
    period: TOTP_SETTINGS.period,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/**
 * The code of a secret at a moment (milliseconds since the epoch).
 * @example totpCode(base32('12345678901234567890'), 59_000, 8) // '94287082'
 */
export function totpCode(secretBase32: string, timestampMs: number, digits: number = TOTP_SETTINGS.digits): string {
  return totpOf(secretBase32, '', digits).generate({ timestamp: timestampMs });
}

/** The time step of a moment: the number of whole periods since the epoch. */
export function totpStep(timestampMs: number): number {
  return OTPAuth.TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: timestampMs });
}

/**
 * The time step a code belongs to, when it is the code of the current step or of one step
 * either side (clock drift); else null. The caller refuses a step it has already accepted.
 */
export function matchTotp(secretBase32: string, code: string, timestampMs: number): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: timestampMs, window: TOTP_SETTINGS.window });
  return delta === null ? null : totpStep(timestampMs) + delta;
}

/** The otpauth:// URL of a secret for an account, as authenticator apps scan it. */
export function otpauthUrl(secretBase32: string, account: string): string {
  return totpOf(secretBase32, account).toString();
}

/** The QR code of an otpauth URL, as a PNG data URL. */
export function qrCodeDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
