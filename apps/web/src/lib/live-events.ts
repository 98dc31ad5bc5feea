import type { LiveEventName } from '@app/shared/live/schemas';

/**
 * The live stream's events as they arrive, for a page that reacts to one at once rather than
 * through the stream's invalidations (which gather in bursts): the challenge room's standings
 * (decision 027). `reset` says the stream reconnected without resuming: events may be missing.
 */
export type LiveListener = (name: LiveEventName | 'reset', data: unknown) => void;

const listeners = new Set<LiveListener>();

/** Calls `listener` for every later event; answers a function that stops it. */
export function onLiveEvent(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hands an event to the listeners (the live client does). A listener that throws is skipped. */
export function emitLiveEvent(name: LiveEventName | 'reset', data: unknown): void {
  for (const listener of [...listeners]) {
    try {
      listener(name, data);
    } catch {
      // One page's mistake must not stop the others, nor the stream.
    }
  }
}
