import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError, prefetchPublic } from './api-client';

function stubFetch() {
  let n = 0;
  const calls: string[] = [];
  const fetchMock = vi.fn(async (path: string) => {
    calls.push(path);
    n += 1;
    return new Response(JSON.stringify({ n }), { status: path.includes('missing') ? 404 : 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('prefetchPublic', () => {
  it('answers the first public read of the same path from the early request, and later reads ask again', async () => {
    const calls = stubFetch();
    prefetchPublic('/api/one');
    expect(calls).toEqual(['/api/one']);
    expect(await api('/api/one', { withAuth: false })).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    expect(await api('/api/one', { withAuth: false })).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('is not used by a call that carries the session, nor by another path', async () => {
    const calls = stubFetch();
    prefetchPublic('/api/two');
    await api('/api/two');
    await api('/api/other', { withAuth: false });
    expect(calls).toEqual(['/api/two', '/api/two', '/api/other']);
  });

  it('is dropped when older than 10 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = stubFetch();
    prefetchPublic('/api/three');
    vi.setSystemTime(Date.now() + 10_001);
    await api('/api/three', { withAuth: false });
    expect(calls).toEqual(['/api/three', '/api/three']);
  });

  it('turns an early failure into the usual error', async () => {
    stubFetch();
    prefetchPublic('/api/missing');
    await expect(api('/api/missing', { withAuth: false })).rejects.toBeInstanceOf(ApiRequestError);
  });
});
