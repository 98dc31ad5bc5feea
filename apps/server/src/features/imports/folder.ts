import { unzipSync, zipSync, type Unzipped } from 'fflate';
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

/**
 * An uploaded SillyTavern folder: a zip, read a batch of files at a time (the whole upload is one
 * buffer; its files are unpacked in batches, so memory holds the zip and one batch, and the
 * event loop gets back between batches). Files sent one by one are zipped at upload, stored:
 * the job reads one kind of upload.
 */
export class Folder {
  private constructor(
    private readonly zip: Uint8Array,
    readonly files: { path: string; size: number }[],
  ) {}

  /** The folder, or why it is refused: not a zip, more files than the limit, or more to unpack than the limit. */
  static open(zip: Uint8Array): Folder | FolderProblem {
    const claimed = claimedEntries(zip);
    if (claimed === null) return 'notAZip';
    if (claimed > IMPORT_LIMITS.maxEntries) return 'tooManyFiles';
    const files: { path: string; size: number }[] = [];
    try {
      // Listing only: every file is declined, so nothing is unpacked.
      unzipSync(zip, {
        filter: (f) => {
          if (!f.name.endsWith('/')) files.push({ path: f.name, size: f.originalSize });
          return false;
        },
      });
    } catch {
      return 'notAZip';
    }
    return new Folder(zip, files);
  }

  /** Files sent without a zip, by their relative paths, as a stored (not compressed) zip. */
  static zipFiles(files: { path: string; data: Uint8Array }[]): Uint8Array {
    const tree: Record<string, [Uint8Array, { level: 0 }]> = {};
    for (const f of files) tree[f.path] = [f.data, { level: 0 }];
    return zipSync(tree);
  }

  /** The bytes of these files (a file over the size limit, or one that fails to unpack, is missing from the answer). */
  read(paths: string[]): Unzipped {
    const wanted = new Set(paths);
    try {
      return unzipSync(this.zip, { filter: (f) => wanted.has(f.name) && f.originalSize <= IMPORT_LIMITS.maxFileBytes });
    } catch {
      // One broken entry spoils the batch: read its files one by one, so only the broken one is lost.
      const out: Unzipped = {};
      for (const path of paths) {
        try {
          Object.assign(out, unzipSync(this.zip, { filter: (f) => f.name === path && f.originalSize <= IMPORT_LIMITS.maxFileBytes }));
        } catch {
          // left out: reported as unreadable
        }
      }
      return out;
    }
  }
}
