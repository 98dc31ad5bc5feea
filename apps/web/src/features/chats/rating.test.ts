import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@app/shared/chats/schemas';
import { exchangesOf } from './rating';

const message = (role: ChatMessage['role'], copied = false, status: ChatMessage['status'] = 'complete'): ChatMessage => ({
  id: String(Math.random()),
  chatId: 'c',
  role,
  content: 'x',
  status,
  error: null,
  variants: [],
  variantIndex: 0,
  botId: null,
  speaker: null,
  createdAt: '2026-11-28T00:00:00Z',
  editedAt: null,
  copied,
});

describe('exchangesOf', () => {
  it('counts finished replies to the user said in this chat, not the greeting, nor copied or imported ones', () => {
    const imported = [
      message('assistant', true),
      message('user', true),
      message('assistant', true),
      message('user', true),
      message('assistant', true),
    ];
    expect(exchangesOf(imported)).toBe(0);
    const after = [...imported, message('user'), message('assistant'), message('user'), message('assistant', false, 'streaming')];
    expect(exchangesOf(after)).toBe(1);
    expect(
      exchangesOf([message('assistant'), message('user'), message('assistant'), message('user'), message('assistant', false, 'failed')]),
    ).toBe(1);
  });
});
