import {
  MessageChannel,
  parentPort,
  receiveMessageOnPort,
  Worker,
  workerData,
  type MessagePort,
  type ResourceLimits,
  type Transferable,
} from 'node:worker_threads';

/** A task ran past its time limit: the worker running it was ended (and a new one serves the next task). */
export class WorkerTimeout extends Error {}
/** The worker died on a task (out of memory past its resource limits, or a crash): a new one serves the next task. */
export class WorkerDied extends Error {}

type Reply = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Where a worker's entry file is, next to the module that starts it (`importMetaUrl`): the
 * bundled `<name>.js` next to dist/main.js in production (scripts/bundle.js bundles every
 * src/**\/*.worker.ts as its own entry, by its file name); under tsx and vitest the TypeScript
 * source, loaded by a first script that registers tsx's loader in the worker (a Worker's execArgv
 * can't carry --import on Node 20).
 */
export function workerEntry(importMetaUrl: string, name: string): WorkerEntry {
  if (!importMetaUrl.endsWith('.ts')) return { script: new URL(`./${name}.js`, importMetaUrl) };
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL(`./${name}.ts`, importMetaUrl).href;
  return { script: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });` };
}

/** A worker's first script: a file, or code to evaluate. */
export type WorkerEntry = { script: URL | string };

interface Task {
  input: unknown;
  transfer: Transferable[];
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Running {
  worker: Worker;
  port: MessagePort;
}

/**
 * One worker thread that runs tasks one at a time, in order, each under a hard time limit measured
 * from when the worker takes it (its start-up is not counted). A task past its limit, or one the
 * worker dies on, is rejected and the worker ended; the next task gets a new one. An idle worker
 * never keeps the process alive, and is ended after `idleMs`. The entry calls serveTasks().
 */
export class TimedWorker<In, Out> {
  private current: Running | null = null;
  private starting: Promise<Running> | null = null;
  private readonly queue: Task[] = [];
  private busy = false;
  private idle: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly opts: {
      entry: WorkerEntry;
      timeLimitMs: number;
      idleMs?: number;
      resourceLimits?: ResourceLimits;
    },
  ) {}

  /** Runs one task; `transfer` lists buffers handed over (no copy: they are unusable here afterwards). */
  run(input: In, transfer: Transferable[] = []): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('the worker is closed'));
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, transfer, resolve: resolve as (value: unknown) => void, reject });
      void this.next();
    });
  }

  /** Ends the worker; tasks not started are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the worker is closed'));
    await this.end();
  }

  private async next(): Promise<void> {
    if (this.busy || this.queue.length === 0) return;
    this.busy = true;
    if (this.idle) clearTimeout(this.idle);
    const task = this.queue.shift()!;
    let running: Running;
    try {
      running = await this.started();
    } catch (err) {
      // The entry itself fails to load: a fault of the server, not of the task's file.
      task.reject(err as Error);
      this.busy = false;
      void this.next();
      return;
    }
    try {
      task.resolve(await this.runOn(running, task));
    } catch (err) {
      await this.end();
      task.reject(err as Error);
    }
    this.busy = false;
    if (this.queue.length > 0) void this.next();
    else if (this.current) {
      this.current.worker.unref();
      this.idle = setTimeout(() => void this.end(), this.opts.idleMs ?? 30_000).unref();
    }
  }

  private runOn({ worker, port }: Running, task: Task): Promise<unknown> {
    worker.ref();
    return new Promise((resolve, reject) => {
      const settle = (reply: Reply) => {
        cleanup();
        if (reply.ok) resolve(reply.value);
        else reject(new Error(reply.error));
      };
      const onMessage = (reply: Reply) => settle(reply);
      const onError = (err: Error) => {
        cleanup();
        reject(new WorkerDied(err.message));
      };
      const onExit = () => onError(new Error('the worker exited'));
      const timer = setTimeout(() => {
        // The answer may be in the port already, if this thread was busy when it came: then it counts.
        const waiting = receiveMessageOnPort(port);
        if (waiting) return settle(waiting.message as Reply);
        cleanup();
        reject(new WorkerTimeout(`took longer than ${this.opts.timeLimitMs} ms`));
      }, this.opts.timeLimitMs);
      const cleanup = () => {
        clearTimeout(timer);
        port.off('message', onMessage);
        worker.off('error', onError).off('exit', onExit);
      };
      port.on('message', onMessage);
      worker.on('error', onError).on('exit', onExit);
      port.postMessage(task.input, task.transfer);
    });
  }

  private started(): Promise<Running> {
    if (this.current) return Promise.resolve(this.current);
    this.starting ??= new Promise<Running>((resolve, reject) => {
      const { port1, port2 } = new MessageChannel();
      const { script } = this.opts.entry;
      const worker = new Worker(script, {
        eval: typeof script === 'string',
        resourceLimits: this.opts.resourceLimits,
        workerData: { port: port2 },
        transferList: [port2],
      });
      const fail = (err: Error) => reject(err);
      const exited = (code: number) => reject(new Error(`the worker exited while starting (code ${code})`));
      worker.once('error', fail).once('exit', exited);
      port1.once('message', () => {
        worker.off('error', fail).off('exit', exited);
        // Unhandled otherwise: a worker that dies between tasks is simply replaced at the next one.
        worker.on('error', () => undefined);
        this.current = { worker, port: port1 };
        resolve(this.current);
      });
    }).finally(() => (this.starting = null));
    return this.starting;
  }

  private async end(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const running = this.current;
    this.current = null;
    if (!running) return;
    running.port.close();
    await running.worker.terminate();
  }
}

/**
 * The worker's side: answers each task with `handle`'s value (and the buffers it hands back), or
 * its error's message. Says it is ready once its module has loaded.
 */
export function serveTasks<In>(handle: (input: In) => { value: unknown; transfer?: Transferable[] }): void {
  if (!parentPort) throw new Error('serveTasks runs in a worker thread');
  const port = (workerData as { port: MessagePort }).port;
  port.on('message', (input: In) => {
    let reply: Reply;
    let transfer: Transferable[] = [];
    try {
      const out = handle(input);
      reply = { ok: true, value: out.value };
      transfer = out.transfer ?? [];
    } catch (err) {
      reply = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply, transfer);
  });
  port.postMessage('ready');
}
