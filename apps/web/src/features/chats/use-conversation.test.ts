import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@app/shared/chats/schemas';
import { upsert } from './use-conversation';

const message = (id: string, content: string): ChatMessage => ({
  id,
  chatId: 'c',
  role: 'assistant',
  content,
  status: 'complete',
  error: null,
  variants: [id],
  variantIndex: 0,
  botId: null,
  speaker: null,
  createdAt: '2026-11-22T00:00:00Z',
  editedAt: null,
  copied: false,
});

describe('upsert', () => {
  it('replaces a message with the same id in place, or appends a new one', () => {
    const list = [message('1', 'a'), message('2', 'b')];
    expect(upsert(list, message('1', 'A')).map((m) => m.content)).toEqual(['A', 'b']);
    expect(upsert(list, message('3', 'c')).map((m) => m.id)).toEqual(['1', '2', '3']);
  });
});
