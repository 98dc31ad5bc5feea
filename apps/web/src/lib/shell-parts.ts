/**
 * The app shell's one call (GET /api/shell, decision 043): its answer holds what the shell's own
 * reads would answer (the balance, the subscription, the bell's first page, the settings, the
 * widget's progress, the installation's info...). Each of those reads, made through api() while
 * the answer is fresh, takes its part instead of asking the server: the hooks and their query keys
 * stay as they are, and only stop calling on load. A part is taken once (a later read asks the
 * server); a signed-in write through api() drops what is left of its area (a POST under
 * /api/user drops the settings and the bell), and a live event all of it (features/live): a read
 * after a change is never served an older answer.
 */

/** A part is served within this time of the answer's arrival (the queries' default staleTime). */
const SHELL_FRESH_MS = 30_000;

interface ShellAnswer {
  session: { user: { id: string } };
  balance: unknown;
  gems: unknown;
  subscription: unknown;
  notifications: unknown;
  settings: { appearance: unknown; notifications: unknown; data: unknown };
  gamification: { user: unknown; missions: unknown; rewards: unknown; achievements: unknown };
  live: unknown;
  flags: { app: unknown; gamification: unknown };
}

/** The paths the answer holds, each with its part (the bell's is SHELL_BELL_PAGE's query). */
const PARTS: [string, (s: ShellAnswer) => unknown][] = [
  ['/api/auth/session', (s) => s.session],
  ['/api/tokens/balance', (s) => s.balance],
  // The gem panel's (the tokens page, the season pass): one of the tokens page's own calls fewer.
  ['/api/gems', (s) => s.gems],
  ['/api/subscription', (s) => s.subscription],
  ['/api/user/notifications?page=1&limit=10&unreadOnly=false', (s) => s.notifications],
  ['/api/user/settings/appearance', (s) => s.settings.appearance],
  ['/api/user/settings/notifications', (s) => s.settings.notifications],
  ['/api/user/settings/data', (s) => s.settings.data],
  ['/api/gamification/missions', (s) => s.gamification.missions],
  ['/api/gamification/rewards', (s) => s.gamification.rewards],
  ['/api/gamification/user/achievements', (s) => s.gamification.achievements],
  ['/api/app/info', (s) => s.flags.app],
  ['/api/gamification/config', (s) => s.flags.gamification],
  // The answer has set the event stream's cookie (features/live takes this instead of asking).
  ['/api/events/cookie', (s) => s.live],
];
const FIXED = new Set(PARTS.map(([path]) => path));
const LEVEL = '/api/gamification/user/';
const partsOf = (s: ShellAnswer) =>
  new Map<string, unknown>([...PARTS.map(([path, part]) => [path, part(s)] as const), [LEVEL + s.session.user.id, s.gamification.user]]);
const mayHold = (path: string) => FIXED.has(path) || path.startsWith(LEVEL);

let shell: { at: number; parts: Promise<Map<string, unknown> | null>; dropped: string[] } | null = null;

/** A path's area: its first two segments (/api/user/settings/data: /api/user). */
const areaOf = (path: string) => path.split(/[/?]/).slice(0, 3).join('/');

/** Takes the shell's answer (theme-init.js's early call, or one started after a sign-in or a refresh). */
export function adoptShell(answer: Promise<Response>): void {
  const at = Date.now();
  shell = {
    at,
    dropped: [],
    parts: answer.then(async (res) => (res.ok ? partsOf((await res.json()) as ShellAnswer) : null)).catch(() => null),
  };
}

/** Asks for the shell's answer with this access token (a failure leaves each read to ask for itself). */
export function loadShell(accessToken: Promise<string | null>): void {
  adoptShell(
    accessToken.then((token) => {
      if (!token) throw new Error('signed out');
      return fetch('/api/shell', { headers: { accept: 'application/json', authorization: `Bearer ${token}` }, credentials: 'same-origin' });
    }),
  );
}

/** A write to `path`'s area happened (or, without a path, anything may have changed): what the answer holds of it may be out of date. */
export function dropShell(path?: string): void {
  if (path === undefined) shell = null;
  else shell?.dropped.push(areaOf(path));
}

/** The shell's part for this path, once, while fresh; undefined when it has none (ask the server). */
export async function fromShell(path: string): Promise<unknown> {
  const current = shell;
  if (!current || !mayHold(path)) return undefined;
  const parts = await current.parts;
  if (shell !== current || !parts || Date.now() - current.at > SHELL_FRESH_MS || current.dropped.includes(areaOf(path))) return undefined;
  const part = parts.get(path);
  parts.delete(path);
  return part;
}
