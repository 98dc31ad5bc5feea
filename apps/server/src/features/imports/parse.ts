import { TimedWorker, WorkerDied, WorkerTimeout, workerEntry } from '../../lib/timed-worker';
import type { ReadAs, ReadRequest, ReadResult } from './file-readers';

// The worker's heap: a crafted file of 64 MB of tiny objects needs over a gigabyte; past this the
// worker dies (the file is skipped as too large), never the server.
const WORKER_HEAP_MB = 768;

/**
 * Reads an import's files in one worker thread (file-readers.ts in parse.worker.ts), each under
 * a hard time limit: a file that takes longer is skipped ('tooSlow'), one the worker dies on (out
 * of memory) is skipped as too large, and a new worker reads the next (decision 036). One per app.
 */
export class FileParser {
  private readonly worker: TimedWorker<ReadRequest, ReadResult>;

  constructor(timeLimitMs: number) {
    this.worker = new TimedWorker({
      entry: workerEntry(import.meta.url, 'parse.worker'),
      timeLimitMs,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
  }

  /** What a file holds, as `as`'s step reads it. Its bytes are handed to the worker: unusable here afterwards. */
  async read(as: ReadAs, name: string, bytes: Uint8Array): Promise<ReadResult> {
    // A view of a shared buffer (a small Buffer is a slice of Node's pool) is copied; a buffer of its own is handed over.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    try {
      return await this.worker.run({ as, name, bytes }, own ? [bytes.buffer as ArrayBuffer] : []);
    } catch (err) {
      if (err instanceof WorkerTimeout) return { as, skip: 'tooSlow' };
      if (err instanceof WorkerDied) return { as, skip: 'tooLong' };
      throw err;
    }
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
