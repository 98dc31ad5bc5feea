import fs from 'node:fs';

/** CPU time (ms) a process has used so far (user + system), from /proc (Linux); null elsewhere. */
export function cpuMsOf(pid: number | undefined): number | null {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
