import webpush from 'web-push';
import type { AppContext } from '../../context';
import { getOrCreateSecretWith } from '../../db/app-secrets';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const cache = new WeakMap<AppContext, Promise<VapidKeys>>();

/** The contact that push services see in the VAPID token: the sender address of MAIL_FROM. */
function subjectOf(ctx: AppContext): string {
  const address = /<([^>]+)>/.exec(ctx.config.mailFrom)?.[1] ?? ctx.config.mailFrom;
  return address.includes('@') ? `mailto:${address.trim()}` : 'mailto:admin@localhost';
}

/**
 * The server's VAPID keys: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else a pair made once and
 * kept in app_secrets, so that every instance signs with the same one and browsers' subscriptions
 * (bound to the public key) survive restarts.
 */
export function vapidKeysOf(ctx: AppContext): Promise<VapidKeys> {
  let keys = cache.get(ctx);
  if (!keys) {
    keys = (async () => {
      if (ctx.config.vapid) return ctx.config.vapid;
      const stored = await getOrCreateSecretWith(ctx.db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
      const pair = JSON.parse(stored) as { publicKey: string; privateKey: string };
      return { ...pair, subject: subjectOf(ctx) };
    })();
    keys.catch(() => cache.delete(ctx));
    cache.set(ctx, keys);
  }
  return keys;
}
