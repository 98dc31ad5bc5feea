import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited: its code (null when a signal ended it) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` and answers how the process exited and after how many milliseconds. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts`) as a child process with
 * `env` over a quiet test configuration, and resolves once it listens. The caller stops it.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 45_000): Promise<ServerProcess> {
  const port = env.PORT;
  if (!port) throw new Error('startServer needs a PORT');
  const base: Record<string, string | undefined> = { ...process.env };
  // The caller says which database and which Redis; nothing is inherited by accident.
  delete base.DATABASE_URL;
  delete base.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...base,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent-web-dist',
      LOGIN_MAX_PER_ACCOUNT: '1000',
      LOGIN_MAX_PER_IP: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = Date.now();
  while (!output.includes('CharaChat is running on')) {
    const early = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(null), 50))]);
    if (early) throw new Error(`the server exited while starting (${JSON.stringify(early)}):\n${output}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in ${timeoutMs} ms:\n${output}`);
    }
  }
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async stop(signal) {
      const sent = Date.now();
      child.kill(signal);
      const result = await exited;
      return { ...result, ms: Date.now() - sent };
    },
  };
}

/** A streamed reply read as it comes: its events so far, and a wait for the first of a name. */
export async function openReplyStream(url: string, accessToken: string, content: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ content }),
  });
  if (res.status !== 200 || !res.body) throw new Error(`the stream did not open: ${res.status} ${await res.text()}`);
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended' as const;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1];
          events.push({ event, data: data ? JSON.parse(data) : null });
        }
      }
    } catch {
      return 'broken' as const;
    }
  })();
  return {
    events,
    /** 'ended' when the server ended the stream, 'broken' when the connection was cut. */
    ended,
    async waitFor(name: string, timeoutMs = 10_000) {
      const started = Date.now();
      while (!events.some((e) => e.event === name)) {
        if (Date.now() - started > timeoutMs) throw new Error(`no ${name} event in ${timeoutMs} ms: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
