import { PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LiveHub } from '../../src/features/live/hub';
import { MARKER, type LiveStore, type StoredEvent } from '../../src/features/live/store';

/** An in-memory store with the table's ids (one sequence), and a hook that runs before an append. */
function memoryStore() {
  const rows: (StoredEvent & { userId: string })[] = [];
  let next = 1;
  const store: LiveStore & { beforeAppend?: () => Promise<void> } = {
    kind: 'postgres',
    origin: '0',
    async append(userId, name, data) {
      const hook = store.beforeAppend;
      store.beforeAppend = undefined;
      await hook?.();
      const id = String(next++);
      rows.push({ userId, id, name, data });
      return id;
    },
    after: async (userId, id, limit) =>
      rows.filter((r) => r.userId === userId && Number(r.id) > Number(id) && r.name !== MARKER).slice(0, limit),
    has: async (userId, id) => rows.some((r) => r.userId === userId && r.id === id),
    newest: async (userId) => rows.filter((r) => r.userId === userId).at(-1)?.id ?? null,
    forgetOld: async () => 0,
  };
  return store;
}

/** A response that collects what the hub writes. */
function fakeResponse() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { res: stream as unknown as ServerResponse, text: () => text };
}

const log = { warn() {} };
const gauge = { n: 0, inc: () => (gauge.n += 1), dec: () => (gauge.n -= 1) };
const later = new Date(Date.now() + 60_000);

describe('LiveHub', () => {
  it('a stream that opens while an event is stored for the user sends it (nothing stored after it registered is skipped)', async () => {
    const store = memoryStore();
    const hub = new LiveHub(store, log, gauge);
    await store.append('ann', 'balance.changed', { currency: 'tokens' }); // before the stream: not sent
    // While the stream stores its marker, another instance stores an event and rings.
    store.beforeAppend = async () => {
      await store.append('ann', 'notification.created', { notificationId: 'n1', type: 'newFollower' });
      hub.wake('ann');
    };
    const { res, text } = fakeResponse();
    await hub.open({ res, userId: 'ann', sessionId: 's1', expiresAt: later, lastEventId: null });
    expect(text()).toContain('event: ready\nid: 3\ndata: {"resumed":false}');
    expect(text()).toContain('event: notification.created\nid: 2\n');
    expect(text()).not.toContain('balance.changed');
    hub.closeAll();
    expect(gauge.n).toBe(0);
  });

  it("sends a user's events in order, once each, to that user's streams only, and ends a revoked session's", async () => {
    const store = memoryStore();
    const hub = new LiveHub(store, log, gauge);
    const ann = fakeResponse();
    const bob = fakeResponse();
    await hub.open({ res: ann.res, userId: 'ann', sessionId: 's1', expiresAt: later, lastEventId: null });
    await hub.open({ res: bob.res, userId: 'bob', sessionId: 's2', expiresAt: later, lastEventId: null });
    for (const currency of ['tokens', 'gems', 'tokens']) await store.append('ann', 'balance.changed', { currency });
    // Rung three times at once: one read sends all three, the others find nothing new.
    hub.wake('ann');
    hub.wake('ann');
    await new Promise((resolve) => setTimeout(resolve, 0));
    hub.wake('ann');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const sent = [...ann.text().matchAll(/event: balance\.changed\nid: (\d+)/g)].map((m) => m[1]);
    expect(sent).toEqual(['3', '4', '5']);
    expect(bob.text()).not.toContain('balance.changed');
    expect(hub.size).toBe(2);
    hub.endSession('ann', 's1');
    expect(hub.size).toBe(1);
    expect((ann.res as unknown as PassThrough).writableEnded).toBe(true);
    hub.closeAll();
  });
});
