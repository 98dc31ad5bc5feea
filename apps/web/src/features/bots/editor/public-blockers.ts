import { BOT_MESSAGES } from '@app/shared/bots/messages';

/**
 * Why the bot can't be public yet, by the server's publish rules (an avatar, then a tag): the
 * Visibility tab says so at once, instead of the save failing at Publish. A file chosen but not yet
 * uploaded counts as the avatar (it is uploaded on the first save, before the visibility is set).
 */
export function publicBlockers(
  draft: { imageUrl: string | null | undefined; tags: readonly string[] },
  hasPendingAvatar: boolean,
): string[] {
  const blockers: string[] = [];
  if (!draft.imageUrl && !hasPendingAvatar) blockers.push(BOT_MESSAGES.publishNeedsAvatar);
  if (draft.tags.length === 0) blockers.push(BOT_MESSAGES.publishNeedsTags);
  return blockers;
}
