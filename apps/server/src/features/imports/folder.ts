import { unzipSync, zipSync, type Unzipped } from 'fflate';
import { IMPORT_LIMITS } from '@app/shared/imports/rules';

/**
 * An uploaded SillyTavern folder: a zip, read a few files at a time (the whole upload is one
 * buffer; its files are unpacked in batches, so memory holds the zip and one batch, and the
 * event loop gets back between batches). Files sent one by one are zipped at upload, stored:
 * the job reads one kind of upload.
 */
export class Folder {
  private constructor(
    private readonly zip: Uint8Array,
    readonly files: { path: string; size: number }[],
  ) {}

  /** Null when the bytes are not a zip that can be read. */
  static open(zip: Uint8Array): Folder | null {
    const files: { path: string; size: number }[] = [];
    try {
      // Listing only: every file is declined, so nothing is unpacked.
      unzipSync(zip, {
        filter: (f) => {
          if (!f.name.endsWith('/') && files.length < IMPORT_LIMITS.maxEntries) files.push({ path: f.name, size: f.originalSize });
          return false;
        },
      });
    } catch {
      return null;
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
