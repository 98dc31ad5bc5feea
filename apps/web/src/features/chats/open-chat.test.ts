import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchMessages, getChat, latestChatWith, startChat } from './api';
import { chatAddressOf, openChatQuery, prefetchOpenChat, takeFirstPage } from './open-chat';

vi.mock('@/lib/app-info', () => ({
  appInfoQuery: { queryKey: ['app', 'info'], queryFn: async () => ({ model: { offline: true } }), staleTime: Infinity },
}));

vi.mock('./api', () => ({
  fetchMessages: vi.fn(async (chatId: string) => ({ items: [], hasMore: false, chatId })),
  getChat: vi.fn(async (id: string) => ({ id })),
  latestChatWith: vi.fn(async () => null),
  startChat: vi.fn(async () => ({ id: 'started' })),
}));

const calls = (fn: unknown) => vi.mocked(fn as (...args: unknown[]) => unknown).mock.calls;

describe('chatAddressOf', () => {
  it('reads a chat page address, and nothing else', () => {
    expect(chatAddressOf('/chats/c1', '')).toEqual({ chatId: 'c1', fresh: false });
    expect(chatAddressOf('/chat/b1', '?new=1')).toEqual({ botId: 'b1', fresh: true });
    expect(chatAddressOf('/chat/b1/', '')).toEqual({ botId: 'b1', fresh: false });
    expect(chatAddressOf('/chat', '')).toBeNull();
    expect(chatAddressOf('/chats/c1/export', '')).toBeNull();
    expect(chatAddressOf('/bots/b1', '')).toBeNull();
  });
});

describe('openChatQuery', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => vi.useRealTimers());

  it('asks for a given chat and its newest messages at once; the conversation takes that page once', async () => {
    const chat = await openChatQuery({ chatId: 'c1', fresh: false }).queryFn();
    expect(chat).toEqual({ id: 'c1' });
    expect(calls(fetchMessages)).toEqual([['c1']]);
    const first = takeFirstPage('c1');
    expect(calls(fetchMessages)).toHaveLength(1);
    await expect(first).resolves.toMatchObject({ chatId: 'c1' });
    // Taken: the next first page (a reopened chat) is a new call.
    void takeFirstPage('c1');
    expect(calls(fetchMessages)).toHaveLength(2);
  });

  it('continues the newest chat with a bot, starts one when there is none, and always starts one for ?new=1', async () => {
    vi.mocked(latestChatWith).mockResolvedValueOnce({ id: 'newest' } as never);
    await expect(openChatQuery({ botId: 'b1', fresh: false }).queryFn()).resolves.toEqual({ id: 'newest' });
    expect(calls(startChat)).toHaveLength(0);
    await expect(openChatQuery({ botId: 'b1', fresh: false }).queryFn()).resolves.toEqual({ id: 'started' });
    expect(calls(startChat)).toEqual([['b1']]);
    vi.mocked(latestChatWith).mockClear();
    await openChatQuery({ botId: 'b1', fresh: true }).queryFn();
    expect(calls(latestChatWith)).toHaveLength(0);
    expect(calls(startChat)).toHaveLength(2);
    expect(calls(getChat)).toHaveLength(0);
    // Each chat's first page was asked for as soon as its id was known.
    expect(calls(fetchMessages).map(([id]) => id)).toEqual(['newest', 'started']);
    void takeFirstPage('newest');
    void takeFirstPage('started');
  });

  it('does not serve a first page asked for long ago (the user went elsewhere meanwhile)', async () => {
    vi.useFakeTimers();
    await openChatQuery({ chatId: 'c2', fresh: false }).queryFn();
    vi.advanceTimersByTime(11_000);
    void takeFirstPage('c2');
    expect(calls(fetchMessages)).toEqual([['c2'], ['c2']]);
  });
});

describe('the first page asked for ahead', () => {
  beforeEach(() => vi.clearAllMocks());

  it('is asked for on the first load only: a refetch of a chat already shown leaves the messages alone', async () => {
    const client = new QueryClient();
    const query = openChatQuery({ chatId: 'c4', fresh: false }, client);
    await client.fetchQuery(query);
    expect(calls(fetchMessages)).toEqual([['c4']]);
    void takeFirstPage('c4');
    await client.refetchQueries({ queryKey: query.queryKey });
    expect(calls(fetchMessages)).toHaveLength(1); // the take above used the page asked for; the refetch asked nothing
  });

  it('is not kept when it failed: the next load asks again', async () => {
    vi.mocked(fetchMessages).mockRejectedValueOnce(new Error('offline'));
    await openChatQuery({ chatId: 'c5', fresh: false }).queryFn();
    await Promise.resolve();
    await Promise.resolve();
    await expect(takeFirstPage('c5')).resolves.toMatchObject({ chatId: 'c5' });
    expect(calls(fetchMessages)).toEqual([['c5'], ['c5']]);
  });
});

describe('prefetchOpenChat', () => {
  it('puts the chat and the installation info (the offline notice waits for it) in the cache the page reads', async () => {
    const client = new QueryClient();
    prefetchOpenChat(client, { chatId: 'c3', fresh: false });
    await vi.waitFor(() => expect(client.getQueryData(openChatQuery({ chatId: 'c3', fresh: false }).queryKey)).toEqual({ id: 'c3' }));
    await vi.waitFor(() => expect(client.getQueryData(['app', 'info'])).toEqual({ model: { offline: true } }));
    void takeFirstPage('c3');
  });
});
