import { describe, expect, it } from 'vitest';
import type { Chat } from '@app/shared/chats/schemas';
import { nestBranches } from './branches';

const chat = (id: string, parentId: string | null = null) => ({ id, parentId }) as Chat;
const rows = (chats: Chat[]) => nestBranches(chats).map(({ chat, depth }) => `${chat.id}:${depth}`);

describe('nestBranches', () => {
  it('puts each branch under its parent, a branch of a branch deeper, the tree at its most recent place', () => {
    // The most recent first: b2 (a branch of a) is the latest, so a's tree comes first.
    expect(rows([chat('b2', 'a'), chat('c'), chat('b1', 'a'), chat('a'), chat('b1x', 'b1')])).toEqual([
      'a:0',
      'b2:1',
      'b1:1',
      'b1x:2',
      'c:0',
    ]);
  });

  it('keeps a branch whose parent is not on the page in its own place, and a list without branches as it is', () => {
    expect(rows([chat('x', 'gone'), chat('y')])).toEqual(['x:0', 'y:0']);
    expect(rows([chat('p'), chat('q'), chat('r')])).toEqual(['p:0', 'q:0', 'r:0']);
  });
});
