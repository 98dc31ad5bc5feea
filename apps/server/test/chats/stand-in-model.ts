import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible chat completions server for the tests, speaking the streaming protocol.
 * What it does depends on the last user message: "fail midway now" breaks the stream after two
 * chunks ("fail midway once" only the first time), "slow start" waits before the first token, "refuse" answers 500, "hang" never ends;
 * anything else is answered as "Echo: <message>" in chunks.
 */
export async function startStandInModel() {
  const failedOnce = new Set<string>();
  const requests: { body: Record<string, unknown>; authorization?: string }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { messages?: { role: string; content: string }[] };
      requests.push({ body, authorization: req.headers.authorization });
      const last = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '';
      if (req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
      if (last.includes('refuse'))
        return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"secret internal detail"}}');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (text: string) => res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`);
      if (last.includes('hang')) return chunk('Thinking');
      const words = `Echo: ${last}`.split(/(?<= )/);
      const send = async () => {
        if (last.includes('slow start')) await new Promise((r) => setTimeout(r, 1500));
        for (const [i, w] of words.entries()) {
          const failNow = last.includes('fail midway now') || (last.includes('fail midway once') && !failedOnce.has(last));
          if (failNow && i === 2) {
            failedOnce.add(last);
            return void res.destroy();
          }
          chunk(w);
          await new Promise((r) => setTimeout(r, 5));
        }
        res.write('data: [DONE]\n\n');
        res.end();
      };
      void send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
