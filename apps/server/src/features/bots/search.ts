/**
 * What Explore and My Bots search: name, description and tags in lower case, one text column under
 * a trigram index (so `ILIKE '%word%'` stays fast on 100,000 bots), and the tags in lower case for
 * exact, case-insensitive tag filters.
 */
export function searchColumns(bot: { name: string; description: string; tags: string[] }) {
  return {
    searchText: [bot.name, bot.description, ...bot.tags].join(' ').toLowerCase(),
    tagKeys: bot.tags.map((t) => t.toLowerCase()),
  };
}

/** A user's words as an ILIKE pattern that matches them literally ('50%_off' finds '50%_off'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
