import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the client asked for the stream; others get the finished reply as JSON. */
export const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/**
 * Opens a server-sent events stream on the raw response, and aborts `controller` when the client
 * goes away (the model stops too, and the reply is kept as it was).
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, controller: AbortController) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx) must pass the events on as they come.
    'x-accel-buffering': 'no',
  });
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client closed the stream'));
  });
  return {
    send(event: string, data: unknown) {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
}
