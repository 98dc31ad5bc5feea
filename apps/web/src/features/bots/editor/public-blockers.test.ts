import { describe, expect, it } from 'vitest';
import { BOT_MESSAGES } from '@app/shared/bots/messages';
import { publicBlockers } from './public-blockers';

describe('what keeps a bot from being public', () => {
  it('an avatar and a tag, as the server checks at Publish', () => {
    expect(publicBlockers({ imageUrl: null, tags: ['x'] }, false)).toEqual([BOT_MESSAGES.publishNeedsAvatar]);
    expect(publicBlockers({ imageUrl: '/a.webp', tags: [] }, false)).toEqual([BOT_MESSAGES.publishNeedsTags]);
    expect(publicBlockers({ imageUrl: undefined, tags: [] }, false)).toEqual([
      BOT_MESSAGES.publishNeedsAvatar,
      BOT_MESSAGES.publishNeedsTags,
    ]);
    expect(publicBlockers({ imageUrl: '/a.webp', tags: ['x'] }, false)).toEqual([]);
  });

  it('a chosen file counts as the avatar: it is uploaded before the visibility is set', () => {
    expect(publicBlockers({ imageUrl: null, tags: ['x'] }, true)).toEqual([]);
  });
});
