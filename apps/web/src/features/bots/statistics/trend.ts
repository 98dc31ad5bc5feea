/**
 * The widget's trend (§2): the change from the first to the last day's chats, in percent; null
 * when the first day had none (no base to compare with).
 * @example chatTrend([{ chats: 4 }, { chats: 6 }]) // 50
 */
export function chatTrend(days: { chats: number }[]): number | null {
  const first = days[0]?.chats ?? 0;
  const last = days.at(-1)?.chats ?? 0;
  if (first === 0) return null;
  return Math.round(((last - first) / first) * 1000) / 10;
}

/** The shade step of a peak-hour cell (§2: steps at 25, 50 and 75 percent of the busiest hour). */
export function hourShade(value: number, max: number): 0 | 1 | 2 | 3 | 4 {
  if (max <= 0 || value <= 0) return 0;
  const share = (value / max) * 100;
  return share >= 75 ? 4 : share >= 50 ? 3 : share >= 25 ? 2 : 1;
}

/** The top `n` entries of a name → count map, largest first. */
export function topEntries(map: Record<string, number>, n = 5): [string, number][] {
  return Object.entries(map)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
}
