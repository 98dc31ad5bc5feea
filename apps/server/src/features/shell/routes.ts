import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GAMIFICATION_CONFIG } from '@app/shared/gamification/schemas';
import { SHELL_BELL_PAGE, ZShell, type Shell } from '@app/shared/shell/schemas';
import { requireAuth } from '../../plugins/auth';
import { readSection } from '../account';
import { dataSettingsOf } from '../account-data';
import { gemBalanceOf } from '../gems';
import { headerProgressOf } from '../gamification';
import { setLiveCookie } from '../live';
import { appInfoOf } from '../meta';
import { listNotifications } from '../notifications';
import { subscriptionAnswerOf } from '../subscriptions';
import { getBalance } from '../tokens';
import { toSessionUser } from '../users';

/**
 * GET /api/shell: what every signed-in page's shell shows and applies, in one answer (decision
 * 043): the session, the token balance, the gems (the tokens page's panel), the subscription (tier), the bell's first page and unread
 * count, the settings the shell applies, the sidebar widget's progress, the flags, and the event
 * stream's cookie. Each part is its own route's answer, read by that area's own function, all at
 * once. `portal`: whether Stripe's customer portal is there, as GET /api/subscription says.
 */
export const shellRoutes: FastifyPluginAsyncZod<{ portal: boolean }> = async (app, { portal }) => {
  const { db } = app.ctx;
  app.get(
    '',
    {
      config: { access: 'user', failureMessage: 'Failed to load the page' },
      schema: {
        tags: ['app'],
        summary:
          "The signed-in app shell's data in one call: session, token balance, gems, subscription, the bell's first page, the applied settings, the widget's progress, flags; sets the event stream's cookie",
        response: { 200: ZShell },
      },
    },
    async (request, reply): Promise<Shell> => {
      const auth = requireAuth(request);
      const userId = auth.user.id;
      const [balance, gems, subscription, notifications, appearance, notificationSettings, data, gamification] = await Promise.all([
        getBalance(db, userId, 'tokens'),
        gemBalanceOf(db, userId),
        subscriptionAnswerOf(db, userId, portal),
        listNotifications(db, userId, SHELL_BELL_PAGE),
        readSection(db, userId, 'appearance'),
        readSection(db, userId, 'notifications'),
        dataSettingsOf(db, userId),
        headerProgressOf(db, userId),
      ]);
      return {
        session: {
          user: toSessionUser(auth.user),
          accessToken: auth.accessToken,
          expiresAt: auth.expiresAt.toISOString(),
          sessionId: auth.sessionId,
        },
        balance: { balance },
        gems,
        subscription,
        notifications,
        settings: { appearance, notifications: notificationSettings, data },
        gamification,
        live: setLiveCookie(request, reply),
        flags: { app: appInfoOf(app.ctx), gamification: GAMIFICATION_CONFIG },
      };
    },
  );
};
