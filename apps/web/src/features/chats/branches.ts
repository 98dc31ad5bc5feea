import type { Chat } from '@app/shared/chats/schemas';

/**
 * The chat list's rows with each branch under its parent (issue 20 §4), when the parent is on the
 * page. The list comes most recent first; a parent and its branches move together, to the place
 * of the most recent of them, and within a parent its branches keep that order, each one level
 * deeper. A branch whose parent is not on the page (another page, or deleted) keeps its own place.
 */
export function nestBranches(chats: readonly Chat[]): { chat: Chat; depth: number }[] {
  const onPage = new Set(chats.map((c) => c.id));
  const parentOf = (chat: Chat) => (chat.parentId && onPage.has(chat.parentId) ? chat.parentId : null);
  const children = new Map<string, Chat[]>();
  for (const chat of chats) {
    const parent = parentOf(chat);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), chat]);
  }
  // The root of each chat, and the first place (the most recent activity) of each root's tree.
  const byId = new Map(chats.map((c) => [c.id, c]));
  const rootOf = (chat: Chat): Chat => {
    const parent = parentOf(chat);
    return parent ? rootOf(byId.get(parent)!) : chat;
  };
  const firstPlace = new Map<string, number>();
  chats.forEach((chat, i) => {
    const root = rootOf(chat).id;
    if (!firstPlace.has(root)) firstPlace.set(root, i);
  });
  const roots = chats.filter((c) => !parentOf(c)).sort((a, b) => firstPlace.get(a.id)! - firstPlace.get(b.id)!);
  const rows: { chat: Chat; depth: number }[] = [];
  const add = (chat: Chat, depth: number) => {
    rows.push({ chat, depth });
    for (const child of children.get(chat.id) ?? []) add(child, depth + 1);
  };
  for (const root of roots) add(root, 0);
  return rows;
}
