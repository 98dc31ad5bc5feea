/** One frame of a server-sent event stream: an event (with its id and data) or a comment line. */
export interface Frame {
  event: string | null;
  id: string | null;
  data: Record<string, unknown> | null;
  comment: string | null;
}

function parse(block: string): Frame {
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(block)?.[1] ?? null;
  const data = field('data');
  return {
    event: field('event'),
    id: field('id'),
    data: data ? (JSON.parse(data) as Record<string, unknown>) : null,
    comment: /^: (.*)$/m.exec(block)?.[1] ?? null,
  };
}

/**
 * `GET /api/events` as a stream, read as it comes (fetch, like a browser's EventSource): the
 * frames so far, a wait for the first that matches, and the end. The caller closes it.
 */
export async function openLiveStream(baseUrl: string, headers: Record<string, string>, query = '') {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events${query}`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`the stream did not open: ${res.status} ${await res.text()}`);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended' as const;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          frames.push(parse(buffer.slice(0, split)));
          buffer = buffer.slice(split + 2);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      return 'closed' as const;
    } finally {
      for (const wake of waiters) wake();
    }
  })();
  let finished = false;
  void ended.then(() => (finished = true));

  /** The first frame (from `from` on) that matches; fails after `timeoutMs` (a guard, not a measurement). */
  async function next(match: (f: Frame) => boolean, timeoutMs = 10_000, from = 0): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.slice(from).find(match);
      if (found) return found;
      if (finished) throw new Error(`the stream ended without it: ${JSON.stringify(frames)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`not received in ${timeoutMs} ms: ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(left, 200));
        function done() {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        }
        waiters.add(done);
      });
    }
  }

  return {
    res,
    frames,
    next,
    /** The first event of this name. */
    event: (name: string, timeoutMs?: number) => next((f) => f.event === name, timeoutMs),
    /** 'ended' when the server ended the stream, 'closed' when we did. */
    ended,
    close: () => controller.abort(),
  };
}
