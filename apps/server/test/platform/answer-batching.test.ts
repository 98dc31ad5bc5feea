import Fastify, { type FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batchAnswers } from '../../src/plugins/answer-batching';

/** Answers written at the end of the loop's turn (plugins/answer-batching.ts, decision 024). */
async function appWith(routes: (app: FastifyInstance) => void) {
  const app = Fastify({ logger: false });
  batchAnswers(app);
  routes(app);
  await app.ready();
  return app;
}

describe('batchAnswers', () => {
  it('answers as before, one turn later', async () => {
    const app = await appWith((a) => a.get('/', async () => ({ ok: true })));
    let ended = false;
    const answered = app.inject({ url: '/' }).then((res) => {
      ended = true;
      return res;
    });
    await sleep(0);
    const res = await answered;
    expect(ended).toBe(true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await app.close();
  });

  it('answers once a handler that sends and returns nothing, or sends and then throws, and the process goes on', async () => {
    const app = await appWith((a) => {
      a.get('/sends', async (_request, reply) => {
        void reply.send({ first: true });
      });
      a.get('/throws', async (_request, reply) => {
        void reply.send({ first: true });
        throw new Error('after the answer');
      });
    });
    for (const url of ['/sends', '/throws']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ first: true });
    }
    // Still serving: nothing was thrown outside a request.
    expect((await app.inject({ url: '/sends' })).statusCode).toBe(200);
    await app.close();
  });

  it('answers the error of a later onSend hook', async () => {
    const app = await appWith((a) => {
      a.addHook('onSend', async (request, _reply, payload) => {
        if (request.url === '/broken' && !String(payload).includes('statusCode')) throw new Error('a hook failed');
        return payload;
      });
      a.get('/broken', async () => ({ ok: true }));
    });
    const res = await app.inject({ url: '/broken' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });
});
