import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { LIVE_EVENT_NAMES, LIVE_PATH, ZLiveCookieAnswer, type LiveEventName } from '@app/shared/live/schemas';
import { api } from '@/lib/api-client';
import { dropShell, fromShell } from '@/lib/shell-parts';
import { emitLiveEvent } from '@/lib/live-events';

/** What each event of the stream makes stale; the views on screen read it again (nothing polls). */
const STALE: Record<LiveEventName, QueryKey[]> = {
  'notification.created': [['notifications']],
  'balance.changed': [['tokens'], ['gems']],
  'gamification.xp_gained': [['gamification']],
  'gamification.level_up': [['gamification']],
  'gamification.achievement_unlocked': [['gamification']],
  'gamification.quest_completed': [['gamification']],
  'gamification.streak_milestone': [['gamification']],
  'gamification.reward_available': [['gamification'], ['notifications']],
  'bot.visibility_changed': [['bots']],
  'bot.moderated': [['bots']],
  'referral.joined': [['referrals']],
  'referral.confirmed': [['referrals'], ['tokens']],
  // The room page itself takes the standings from the event at once (lib/live-events.ts; its key is
  // not under 'challenges'); the lists and the active room follow in the burst.
  'challenge.room_updated': [['challenges']],
};
const EVERYTHING = [
  ...new Set(
    Object.values(STALE)
      .flat()
      .map((key) => JSON.stringify(key)),
  ),
].map((key) => JSON.parse(key) as QueryKey);

/** How long a burst of events gathers before the views read again (once per key). */
const STALE_BURST_MS = 1_500;

/** An event's data (JSON from our own server; anything else is no data). */
function parseData(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Waits before opening again after a failure: 1 s, doubling, at most 30 s. */
const retryDelay = (failures: number) => Math.min(1_000 * 2 ** failures, 30_000);

export interface LiveClient {
  stop(): void;
}

/**
 * The signed-in user's live stream (GET /api/events, decision 021): an EventSource that marks the
 * cached answers stale as events arrive. The cookie it opens with is set first (POST
 * /api/events/cookie, through api(): a fresh access token). The browser reconnects by itself
 * after a dropped connection (and resumes with Last-Event-ID); when the server refuses (the
 * token expired, the session ended) a new cookie is asked for and the stream opened again after
 * the last event seen. After a gap that could not be resumed, everything is read again.
 */
export function startLiveClient(queryClient: QueryClient): LiveClient {
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let opened = false;
  let failures = 0;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  // Events come in bursts (a reply: its charge, its XP, a quest's progress…). Each key is marked
  // stale once per burst: every invalidation is a read, reads share the client's limit of 50 per
  // minute (api-client.ts), and one per event ran a quick chat into that limit, which then held
  // every read of the page back for up to a minute.
  const pending = new Map<string, QueryKey>();
  let flush: ReturnType<typeof setTimeout> | undefined;
  const stale = (keys: QueryKey[]) => {
    // What the shell's one call answered may be older than this event (lib/shell-parts.ts).
    dropShell();
    for (const queryKey of keys) pending.set(JSON.stringify(queryKey), queryKey);
    flush ??= setTimeout(() => {
      flush = undefined;
      const keysNow = [...pending.values()];
      pending.clear();
      for (const queryKey of keysNow) void queryClient.invalidateQueries({ queryKey });
    }, STALE_BURST_MS);
  };

  async function open() {
    if (stopped) return;
    try {
      // The shell's one call sets the cookie too (decision 043): asked for only when it has not.
      if ((await fromShell('/api/events/cookie')) === undefined)
        await api('/api/events/cookie', { method: 'POST', schema: ZLiveCookieAnswer });
    } catch {
      // Signed out (the api client has cleared the session), or the server is away: try later unless stopped.
      schedule();
      return;
    }
    if (stopped) return;
    const url = lastEventId ? `${LIVE_PATH}?lastEventId=${encodeURIComponent(lastEventId)}` : LIVE_PATH;
    const next = new EventSource(url);
    source = next;
    next.addEventListener('ready', (e) => {
      failures = 0;
      const { resumed } = JSON.parse((e as MessageEvent<string>).data) as { resumed: boolean };
      // The first stream starts with what the page has just read; a later one that could not resume may have missed events.
      if (opened && !resumed) {
        stale(EVERYTHING);
        emitLiveEvent('reset', null);
      }
      opened = true;
      lastEventId = (e as MessageEvent<string>).lastEventId || lastEventId;
    });
    for (const name of LIVE_EVENT_NAMES) {
      next.addEventListener(name, (e) => {
        lastEventId = (e as MessageEvent<string>).lastEventId || lastEventId;
        stale(STALE[name]);
        emitLiveEvent(name, parseData((e as MessageEvent<string>).data));
      });
    }
    next.onerror = () => {
      // CONNECTING: the browser reconnects by itself. CLOSED: it was refused; a new cookie first.
      if (next.readyState === EventSource.CLOSED && source === next) {
        source = null;
        schedule();
      }
    };
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(() => void open(), retryDelay(failures++));
  }

  void open();
  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(flush);
      pending.clear();
      source?.close();
      source = null;
    },
  };
}
