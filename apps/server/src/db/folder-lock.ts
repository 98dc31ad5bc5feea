import fs from 'node:fs';

/**
 * One process per embedded database folder (issue 37, decision 035). PGlite keeps the whole
 * database in the memory of the process that opened it and writes it back to the folder: two
 * processes on one folder each serve their own copy, and the writes of one are lost. The lock is
 * a file created with O_EXCL next to the folder, naming its holder (pid, port, start). A lock
 * whose holder is gone (kill -9, power loss) is taken over.
 */

export interface LockHolder {
  pid: number;
  /** The port the holder listens on, when it said so (0 or absent: unknown). */
  port?: number;
  startedAt: string;
  /** Field 22 of /proc/<pid>/stat (start time since boot): tells a reused pid from the holder. */
  procStart?: string | null;
}

/** A second start on a folder that a live process holds. */
export class FolderLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.port ? `, port ${holder.port}` : '';
    super(`another server (pid ${holder.pid}${where}, started ${holder.startedAt}) is using this data folder (lock ${lockFile})`);
    this.name = 'FolderLockedError';
  }
}

export interface FolderLock {
  /** What the lock file said when a dead holder's lock was taken over; null when there was none. */
  tookOverFrom: LockHolder | null;
  /** Removes the lock file, if it is still this process's. Idempotent. */
  release(): void;
}

/** The start time of a process as /proc tells it, or null where there is no /proc (macOS, Windows). */
function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `holder` still runs (a reused pid is another process). */
function isAlive(holder: LockHolder): boolean {
  // Our own pid in the file is an earlier life of this pid (a container's pid 1 restarted).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = processStart(holder.pid);
  return !(holder.procStart && now && now !== holder.procStart);
}

function readHolder(lockFile: string): { text: string; holder: LockHolder | null } | null {
  let text: string;
  try {
    text = fs.readFileSync(lockFile, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    return { text, holder: Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null };
  } catch {
    // Half written by a process that died while writing it: nobody holds it.
    return { text, holder: null };
  }
}

/**
 * Takes the lock `lockFile` for this process, or throws FolderLockedError naming the live holder.
 * Released by `release()`, and at the latest when the process exits.
 */
export function acquireFolderLock(lockFile: string, port?: number): FolderLock {
  const mine: LockHolder = {
    pid: process.pid,
    port: port || undefined,
    startedAt: new Date().toISOString(),
    procStart: processStart(process.pid),
  };
  const text = `${JSON.stringify(mine)}\n`;
  let tookOverFrom: LockHolder | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, text, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
    }
    const found = readHolder(lockFile);
    if (!found) continue;
    if (found.holder && isAlive(found.holder)) throw new FolderLockedError(lockFile, found.holder);
    // Stale. Removed only if it is still the file just read: another start taking it over at the
    // same moment has written its own by now, and then the create above fails and names it.
    if (readHolder(lockFile)?.text === found.text) fs.rmSync(lockFile, { force: true });
    tookOverFrom = found.holder ?? { pid: 0, startedAt: 'unknown' };
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    try {
      // Never another process's lock (ours was taken over after we were thought dead).
      if (readHolder(lockFile)?.text === text) fs.rmSync(lockFile, { force: true });
    } catch {
      // The folder went away or became unreadable: there is nothing left to release.
    }
  };
  // An exit that skips the database's close (a shutdown cut short by its deadline).
  process.once('exit', release);
  return { tookOverFrom, release };
}
