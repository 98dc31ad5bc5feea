import { zipSync } from 'fflate';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMPORT_LIMITS } from '@app/shared/imports/rules';

/** Why a zip is refused before anything of it is unpacked. */
export type FolderProblem = 'notAZip' | 'tooManyFiles';
const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;

/**
 * How many entries the zip's end record says it holds, or null when there is no end record.
 * fflate walks as many entries as this claims, whatever the data: a 98-byte "zip" may claim
 * billions, so the claim is checked before fflate sees it.
 */
function claimedEntries(zip: Uint8Array): number | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // The end record is the last 22 bytes, or a comment of up to 65,535 bytes further back.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) !== EOCD) continue;
    const entries = view.getUint16(at + 10, true);
    if (entries !== 0xffff) return entries;
    // Zip64: the count is in the zip64 end record that the locator just before points at.
    if (at < 20 || view.getUint32(at - 20, true) !== ZIP64_LOCATOR) return null;
    const record = Number(view.getBigUint64(at - 12, true));
    if (record + 56 > zip.length || view.getUint32(record, true) !== ZIP64_EOCD) return null;
    return Number(view.getBigUint64(record + 32, true));
  }
  return null;
}

/** A file's bytes, or null when it can't be unpacked (broken, encrypted, or more bytes than it declared). */
export type FileBytes = Map<string, Uint8Array | null>;

/**
 * An uploaded SillyTavern folder: a zip, its files unpacked on demand. A zip's headers may lie
 * about a file's size (900 MB of zeros declared as 1 KB): each file is inflated as a stream (in
 * zlib's thread pool, off the event loop) and stopped at the first byte past its declared size,
 * so what it unpacks is bounded by the sizes checked at upload (decision 036). Files sent one by
 * one are zipped at upload, stored: the job reads one kind of upload.
 */
export class Folder {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
    readonly files: { path: string; size: number }[],
  ) {}

  /** The folder, or why it is refused: not a zip, or more files than the limit. */
  static async open(zip: Uint8Array): Promise<Folder | FolderProblem> {
    const claimed = claimedEntries(zip);
    if (claimed === null) return 'notAZip';
    if (claimed > IMPORT_LIMITS.maxEntries) return 'tooManyFiles';
    const buffer = Buffer.isBuffer(zip) ? zip : Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
    try {
      // Names are decoded here as fflate did (UTF-8 when flagged, else Latin-1): yauzl's own decoding
      // refuses the whole zip for one odd name, and plan.ts reads any name safely.
      const file = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true });
      const entries = new Map<string, Entry>();
      const files: { path: string; size: number }[] = [];
      for await (const entry of entriesOf(file)) {
        const raw = entry.fileName as unknown as Buffer;
        const name = raw.toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf8' : 'latin1');
        if (name.endsWith('/') || entries.has(name)) continue;
        entries.set(name, entry);
        files.push({ path: name, size: entry.uncompressedSize });
      }
      return new Folder(file, entries, files);
    } catch {
      return 'notAZip';
    }
  }

  /** Files sent without a zip, by their relative paths, as a stored (not compressed) zip. */
  static zipFiles(files: { path: string; data: Uint8Array }[]): Uint8Array {
    const tree: Record<string, [Uint8Array, { level: 0 }]> = {};
    for (const f of files) tree[f.path] = [f.data, { level: 0 }];
    return zipSync(tree);
  }

  /** The bytes of these files, one at a time (a file over the size limit, or one that fails to unpack, is null). */
  async read(paths: string[]): Promise<FileBytes> {
    const out: FileBytes = new Map();
    for (const path of paths) {
      const entry = this.entries.get(path);
      out.set(path, entry && entry.uncompressedSize <= IMPORT_LIMITS.maxFileBytes ? await this.unpack(entry).catch(() => null) : null);
    }
    return out;
  }

  /** One file, counted as it inflates: past its declared size (yauzl's validateEntrySizes) it fails. */
  private async unpack(entry: Entry): Promise<Uint8Array> {
    const stream = await this.zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      // Belt and braces: yauzl stops at the declared size, this at the limit whatever it declared.
      if (bytes > IMPORT_LIMITS.maxFileBytes) {
        stream.destroy();
        throw new Error('larger than a file may be');
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, bytes);
  }
}

/** A zip's entries one by one (yauzl's lazy reading). */
async function* entriesOf(zip: ZipFile): AsyncGenerator<Entry> {
  for (;;) {
    const next = await new Promise<Entry | null>((resolve, reject) => {
      const onEntry = (entry: Entry) => done(entry);
      const onEnd = () => done(null);
      const onError = (err: Error) => {
        zip.off('entry', onEntry).off('end', onEnd);
        reject(err);
      };
      const done = (value: Entry | null) => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        resolve(value);
      };
      zip.once('entry', onEntry).once('end', onEnd).once('error', onError);
      zip.readEntry();
    });
    if (!next) return;
    yield next;
  }
}
