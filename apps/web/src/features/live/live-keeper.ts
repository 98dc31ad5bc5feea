/**
 * One live stream per tab, whatever the components do: the stream is held by a key (the user's id)
 * and stopped only when nobody has held it for a moment. A remount of the layout (a route's error
 * page and back, React's development double effects) or an effect that runs again for the same user
 * releases and holds again in one go, and keeps the stream that is open rather than closing it and
 * opening a second GET /api/events on the same page load. Another key (a different user) stops the
 * old stream at once.
 */
export interface Stoppable {
  stop(): void;
}

export function liveKeeper<T extends Stoppable>() {
  let current: { key: string; client: T; holders: number } | null = null;
  let pendingStop: ReturnType<typeof setTimeout> | undefined;

  return {
    /** Holds the stream for `key` (started by `start` if none is open for it); the answer releases it. */
    hold(key: string, start: () => T): () => void {
      clearTimeout(pendingStop);
      if (current && current.key !== key) {
        current.client.stop();
        current = null;
      }
      const held = (current ??= { key, client: start(), holders: 0 });
      held.holders++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.holders--;
        if (held.holders > 0 || current !== held) return;
        // Stopped after the current task: a hold in the same commit (a remount) keeps it.
        clearTimeout(pendingStop);
        pendingStop = setTimeout(() => {
          if (current !== held || held.holders > 0) return;
          held.client.stop();
          current = null;
        });
      };
    },
  };
}
