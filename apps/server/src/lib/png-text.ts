import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A file that is not a PNG, or whose chunks do not add up. */
export class PngError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PngError';
  }
}

export const isPng = (buf: Buffer) => buf.length >= 8 && buf.subarray(0, 8).equals(SIGNATURE);

interface Chunk {
  type: string;
  start: number;
  end: number;
  data: Buffer;
}

/** Walks the chunks with bounds checks: a lying length ends in PngError, never a read past the end. */
function* chunks(buf: Buffer): Generator<Chunk> {
  if (!isPng(buf)) throw new PngError('not a PNG file');
  let offset = 8;
  while (offset < buf.length) {
    if (offset + 12 > buf.length) throw new PngError('truncated chunk');
    const length = buf.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > buf.length) throw new PngError('chunk length past the end of the file');
    const type = buf.toString('latin1', offset + 4, offset + 8);
    yield { type, start: offset, end, data: buf.subarray(offset + 8, offset + 8 + length) };
    if (type === 'IEND') return;
    offset = end;
  }
  throw new PngError('no IEND chunk');
}

/**
 * The tEXt chunks of a PNG, keyword → text (Latin-1, as the format says; cards keep base64 there).
 * @example readPngTextChunks(png).get('chara') // base64 of a Character Card V2
 */
export function readPngTextChunks(buf: Buffer): Map<string, string> {
  const texts = new Map<string, string>();
  for (const chunk of chunks(buf)) {
    if (chunk.type !== 'tEXt') continue;
    const zero = chunk.data.indexOf(0);
    if (zero <= 0) continue;
    texts.set(chunk.data.toString('latin1', 0, zero), chunk.data.toString('latin1', zero + 1));
  }
  return texts;
}

function textChunk(keyword: string, text: string): Buffer {
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write('tEXt', 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The PNG with these tEXt entries: older chunks of the same keywords removed, the new ones put
 * just before IEND.
 * @example writePngTextChunks(avatarPng, { chara: base64V2, ccv3: base64V3 })
 */
export function writePngTextChunks(png: Buffer, entries: Record<string, string>): Buffer {
  const parts: Buffer[] = [SIGNATURE];
  for (const chunk of chunks(png)) {
    if (chunk.type === 'tEXt') {
      const zero = chunk.data.indexOf(0);
      if (zero > 0 && chunk.data.toString('latin1', 0, zero) in entries) continue;
    }
    if (chunk.type === 'IEND') for (const [keyword, text] of Object.entries(entries)) parts.push(textChunk(keyword, text));
    parts.push(png.subarray(chunk.start, chunk.end));
  }
  return Buffer.concat(parts);
}

// The chunks a picture needs (the rest, text and metadata, is dropped): header, palette,
// transparency, gamma and colour space, the image data, the end.
const PICTURE_CHUNKS = new Set(['IHDR', 'PLTE', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'IDAT', 'IEND']);

/**
 * The picture of a PNG without its text and other metadata (a card's portrait without the card),
 * and its size, with nothing decoded: for a PNG kept as it is. PngError when it can't be walked.
 * @example pngPicture(cardPng).width // 400
 */
export function pngPicture(buf: Buffer): { data: Buffer; width: number; height: number } {
  const parts: Buffer[] = [SIGNATURE];
  let size: { width: number; height: number } | null = null;
  for (const chunk of chunks(buf)) {
    if (chunk.type === 'IHDR' && chunk.data.length >= 8) size = { width: chunk.data.readUInt32BE(0), height: chunk.data.readUInt32BE(4) };
    if (PICTURE_CHUNKS.has(chunk.type)) parts.push(buf.subarray(chunk.start, chunk.end));
  }
  if (!size) throw new PngError('no IHDR chunk');
  return { data: Buffer.concat(parts), ...size };
}
