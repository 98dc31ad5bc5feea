/** How long the 'Level Up!' overlay stays (gamification.md §4, §9). */
export const LEVEL_UP_MS = 3000;

const keyOf = (userId: string) => `gamification-seen-level:${userId}`;

/** Rises seen in this page's life, so that every level card on screen shows the same overlay. */
const recent = new Map<string, { level: number; until: number }>();

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/**
 * Notes the level a user's card shows and says whether it rose above the level seen before (kept
 * per user in the browser). A rise is reported for LEVEL_UP_MS, to any card that asks meanwhile;
 * the very first level seen is no rise.
 * @example noteLevel('u1', 4) // → null the first time; after noteLevel('u1', 5): { level: 5, until }
 */
export function noteLevel(
  userId: string,
  level: number,
  now: number = Date.now(),
  store: Storage | null = storage(),
): { level: number; until: number } | null {
  let seen: number | null = null;
  try {
    const raw = store?.getItem(keyOf(userId));
    seen = raw === null || raw === undefined ? null : Number(raw);
  } catch {
    seen = null;
  }
  if (seen === null || !Number.isFinite(seen) || level !== seen) {
    try {
      store?.setItem(keyOf(userId), String(level));
    } catch {
      // Private mode: the overlay may show again next time.
    }
  }
  if (seen !== null && Number.isFinite(seen) && level > seen) {
    const rise = { level, until: now + LEVEL_UP_MS };
    recent.set(userId, rise);
    return rise;
  }
  const last = recent.get(userId);
  return last && last.level === level && last.until > now ? last : null;
}
