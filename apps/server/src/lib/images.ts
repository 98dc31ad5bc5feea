import sharp from 'sharp';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@app/shared/bots/constants';
import { BOT_MESSAGES } from '@app/shared/bots/messages';
import { AppError } from './http-errors';

export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

/** The image type by its first bytes; the file name and the declared type are not trusted. */
export function detectImageType(buf: Buffer): ImageType | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.toString('latin1', 0, 6))) return 'gif';
  return null;
}

const notAnImage = (field: string) => new AppError(400, 'VALIDATION_ERROR', BOT_MESSAGES.avatarNotImage, field);
export const tooLarge = (field: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', BOT_MESSAGES.avatarTooLarge, field);

// Decompression bombs: a small file that claims a huge canvas is refused before it is decoded.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * An uploaded avatar made safe and small: checked by content (PNG, JPEG, WebP or GIF, at most
 * 2 MB), turned upright, cropped to a 512 px square, metadata stripped, re-encoded as WebP.
 * @example const { data } = await processAvatar(upload); // a 512x512 WebP
 */
export async function processAvatar(
  buf: Buffer,
  field = 'avatar',
  maxBytes: number = AVATAR_MAX_BYTES,
): Promise<{ data: Buffer; contentType: 'image/webp' }> {
  if (buf.length > maxBytes) throw tooLarge(field);
  if (!detectImageType(buf)) throw notAnImage(field);
  try {
    const data = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
    return { data, contentType: 'image/webp' };
  } catch {
    // Right magic bytes, broken or hostile content.
    throw notAnImage(field);
  }
}

/** Any image we can read (including SVG, for the seeded avatars) as a PNG, for Character Card exports. */
export async function toPng(buf: Buffer, size = AVATAR_SIZE_PX): Promise<Buffer> {
  return sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).resize(size, size, { fit: 'cover' }).png().toBuffer();
}
