import type { FastifyReply, FastifyRequest } from 'fastify';
import { withoutOutsideAvatars } from '../../lib/own-images';

/** Whether the client asked for the stream; others get the finished reply as JSON. */
export const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/**
 * Opens a server-sent events stream on the raw response, and aborts `controller` when the client
 * goes away (the model stops too, and the reply is kept as it was).
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, controller: AbortController) {
  reply.hijack();
  const res = reply.raw;
  const open = request.server.ctx.metrics.sseStreams;
  open.inc();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx) must pass the events on as they come.
    'x-accel-buffering': 'no',
    // The server's own time before the model is called (its reads and writes), for devtools and bench/.
    'server-timing': `prep;dur=${reply.elapsedTime.toFixed(2)};desc="before the model"`,
    // Written on the raw response, so without the header the app's hook sets on Fastify's reply.
    'x-request-id': request.id,
  });
  res.on('close', () => {
    open.dec();
    if (!res.writableFinished) controller.abort(new Error('client closed the stream'));
  });
  return {
    send(event: string, data: unknown) {
      if (res.writableEnded) return;
      // Events written in the same tick (the headers, the user's message and the start) leave in one write.
      if (!res.writableCorked) {
        res.cork();
        process.nextTick(() => res.uncork());
      }
      // Written past Fastify's serialization: a group chat's speaker has its avatar here too (decision 038).
      res.write(`event: ${event}\ndata: ${JSON.stringify(withoutOutsideAvatars(data))}\n\n`);
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
}
