/**
 * The import's worker thread (decision 036): reads the files of a SillyTavern folder
 * (file-readers.ts) one at a time for the job on the main thread, which only writes rows.
 * Bundled as dist/parse.worker.js (scripts/bundle.js); run from source through tsx.
 */
import { serveTasks } from '../../lib/timed-worker';
import { readFile, type ReadRequest } from './file-readers';

serveTasks<ReadRequest>(readFile);
