import { describe, expect, it } from 'vitest';
import { emptyDraft, type StoredDraft } from '../editor/draft-store';
import { unfinishedDrafts } from './draft-list';

const stored = (overrides: Partial<StoredDraft>): StoredDraft => ({
  draft: emptyDraft(),
  tagText: '',
  updatedAt: '2026-11-28T10:00:00Z',
  ...overrides,
});

describe('unfinishedDrafts', () => {
  it('lists the new bots the user began from a template or from scratch, newest first; not edits of existing bots, untouched drafts or anyone else’s', () => {
    const drafts = {
      old: stored({ templateId: 'tutor', userId: 'u1', updatedAt: '2026-11-20T10:00:00Z' }),
      edit: stored({ templateId: 'tutor', botId: 'b1', userId: 'u1' }),
      untouched: stored({ userId: 'u1' }),
      fresh: stored({ templateId: 'scratch', userId: 'u1', updatedAt: '2026-11-28T12:00:00Z' }),
      someoneElses: stored({ templateId: 'tutor', userId: 'u2' }),
      unmarked: stored({ templateId: 'tutor' }),
    };
    expect(unfinishedDrafts(drafts, 'u1').map(([id]) => id)).toEqual(['fresh', 'old']);
    expect(unfinishedDrafts(drafts, 'u2').map(([id]) => id)).toEqual(['someoneElses']);
    expect(unfinishedDrafts(drafts, undefined)).toEqual([]);
    expect(unfinishedDrafts({}, 'u1')).toEqual([]);
  });
});
