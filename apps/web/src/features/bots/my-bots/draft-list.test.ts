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
  it('lists the new bots begun from a template or from scratch, newest first; not edits of existing bots, not untouched drafts', () => {
    const drafts = {
      old: stored({ templateId: 'tutor', updatedAt: '2026-11-20T10:00:00Z' }),
      edit: stored({ templateId: 'tutor', botId: 'b1' }),
      untouched: stored({}),
      fresh: stored({ templateId: 'scratch', updatedAt: '2026-11-28T12:00:00Z' }),
    };
    expect(unfinishedDrafts(drafts).map(([id]) => id)).toEqual(['fresh', 'old']);
    expect(unfinishedDrafts({})).toEqual([]);
  });
});
