import type { ApiKeyScope } from '@app/shared/integrations/schemas';

/**
 * The one table of what an API key may reach (issue 5 §4): a route (method and Fastify route
 * pattern) maps to the scope it needs. A route not listed is closed to keys (403 API_KEY_SCOPE).
 * HEAD follows GET.
 */
const READ = ['GET', 'HEAD'];
const WRITE = ['POST', 'PUT', 'PATCH', 'DELETE'];

const SCOPE_RULES: { methods: string[]; pattern: RegExp; scope: ApiKeyScope }[] = [
  { methods: READ, pattern: /^\/api\/user\/profile$/, scope: 'profile:read' },
  { methods: READ, pattern: /^\/api\/user\/username\/check$/, scope: 'profile:read' },
  { methods: ['PATCH', 'PUT'], pattern: /^\/api\/user\/profile$/, scope: 'profile:write' },
  { methods: ['POST', 'DELETE'], pattern: /^\/api\/user\/avatar$/, scope: 'profile:write' },
  { methods: READ, pattern: /^\/api\/bots(\/.*)?$/, scope: 'bots:read' },
  { methods: WRITE, pattern: /^\/api\/bots(\/.*)?$/, scope: 'bots:write' },
  { methods: READ, pattern: /^\/api\/chats(\/.*)?$/, scope: 'chats:read' },
  { methods: WRITE, pattern: /^\/api\/chats(\/.*)?$/, scope: 'chats:write' },
];

/**
 * Never reachable with a key, whatever the table above says (a wrong entry must not open them):
 * signing in and out, sessions, password, two-factor, the keys and webhooks themselves, connected
 * services, account deletion, data export, settings as a whole, admin and development tools.
 * Matched on the path actually requested as well as on the route pattern.
 */
const DENIED = [
  /^\/api\/(auth|admin|dev)(\/|$)/,
  /^\/api\/user\/(sessions|password|2fa|two-factor|api-keys|webhooks|integrations|account|data|settings|email|security)(\/|$)/,
];

/**
 * The scope a key needs for a request, or null when keys may not call it at all.
 * @example requiredScope('PATCH', '/api/bots/:id', '/api/bots/42') // 'bots:write'
 */
export function requiredScope(method: string, routeUrl: string | undefined, path: string): ApiKeyScope | null {
  if (DENIED.some((re) => re.test(path) || (routeUrl !== undefined && re.test(routeUrl)))) return null;
  if (routeUrl === undefined) return null;
  const rule = SCOPE_RULES.find((r) => r.methods.includes(method) && r.pattern.test(routeUrl));
  return rule?.scope ?? null;
}
