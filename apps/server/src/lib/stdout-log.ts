import fs from 'node:fs';

/**
 * Where the log goes: standard output, each line written at once (issue 37, decision 035).
 *
 * pino's default destination (sonic-boom, asynchronous) flushes what it holds when the process
 * exits, and retries every 100 ms, forever, a write that fails with EPIPE: a server whose stdout
 * reader had gone (a `| tee` that ended first, a closed terminal) logged "shut down" and never
 * exited. Here a line is written synchronously, like Node's own stdout on a pipe, so nothing is
 * held to flush at exit; a reader that is gone (EPIPE and the like) turns the log off for good,
 * said once on stderr; a full non-blocking pipe (EAGAIN) drops the line rather than wait.
 */
export interface LineWriter {
  write(line: string): void;
}

export function stdoutLog(fd = 1, stderrFd = 2): LineWriter {
  let broken = false;
  let toldDropping = false;
  const say = (text: string) => {
    try {
      fs.writeSync(stderrFd, `${text}\n`);
    } catch {
      // stderr has lost its reader too (`2>&1 | tee`): nobody is left to tell.
    }
  };
  return {
    write(line) {
      if (broken) return;
      let rest = Buffer.from(line);
      while (rest.length > 0) {
        try {
          rest = rest.subarray(fs.writeSync(fd, rest));
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          if (code === 'EAGAIN') {
            if (!toldDropping) say('CharaChat: standard output is full (its reader is too slow): log lines are being dropped');
            toldDropping = true;
            return;
          }
          broken = true;
          say(`CharaChat: standard output can't be written (${code ?? String(err)}): the log is off from now on`);
          return;
        }
      }
    },
  };
}

/** The one destination of this process's log and of main's plain lines ("running on …"). */
export const processLog = stdoutLog();
