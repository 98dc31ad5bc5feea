import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { PLACEHOLDER_ROUTES } from '@/features/misc/placeholder-routes';
import { AppLayout } from './layout/app-layout';
import { preloadablePage } from './preloadable-page';
import { RequireAuth } from './route-guard';
import { RouteError } from './route-error';

// Each page is its own chunk, loaded when first visited; AppLayout shows a skeleton meanwhile.
const AdminPage = lazy(() => import('@/features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
const BotDetailPage = lazy(() => import('@/features/bots/detail/bot-detail-page').then((m) => ({ default: m.BotDetailPage })));
const ChatListPage = lazy(() => import('@/features/chats/chat-list-page').then((m) => ({ default: m.ChatListPage })));
const BotEditorPage = lazy(() => import('@/features/bots/editor/bot-editor-page').then((m) => ({ default: m.BotEditorPage })));
const MyBotsPage = lazy(() => import('@/features/bots/my-bots/my-bots-page').then((m) => ({ default: m.MyBotsPage })));
const CallbackPage = lazy(() => import('@/features/auth/pages/callback-page').then((m) => ({ default: m.CallbackPage })));
const LoginPage = lazy(() => import('@/features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('@/features/auth/pages/signup-page').then((m) => ({ default: m.SignupPage })));
const VerifyEmailPage = lazy(() => import('@/features/auth/pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })));
const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() => import('@/features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const OutboxPage = lazy(() => import('@/features/dev/outbox-page').then((m) => ({ default: m.OutboxPage })));
// The home page (/, and /explore without the widget) can be loaded before the first render
// (main.tsx, over the page prerendered at build).
export const HomePage = preloadablePage(() => import('./home-page').then((m) => m.HomePage));
export const ExplorePage = preloadablePage(() => import('@/features/bots/explore/explore-page').then((m) => m.ExplorePage));
// A chat page is loaded at once when the app starts on its address (main.tsx), beside the session's refresh.
export const ChatPage = preloadablePage(() => import('@/features/chats/chat-page').then((m) => m.ChatPage));
const NotificationsPage = lazy(() => import('@/features/notifications/notifications-page').then((m) => ({ default: m.NotificationsPage })));
const ProfilePage = lazy(() => import('@/features/profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const RoutePlaceholder = lazy(() => import('@/features/misc/route-placeholder').then((m) => ({ default: m.RoutePlaceholder })));
const GoodbyePage = lazy(() => import('@/features/misc/status-pages').then((m) => ({ default: m.GoodbyePage })));
const NotFoundPage = lazy(() => import('@/features/misc/status-pages').then((m) => ({ default: m.NotFoundPage })));
const UnauthorizedPage = lazy(() => import('@/features/misc/status-pages').then((m) => ({ default: m.UnauthorizedPage })));
const ReferralsPage = lazy(() => import('@/features/referrals/referrals-page').then((m) => ({ default: m.ReferralsPage })));
const TokensPage = lazy(() => import('@/features/tokens/tokens-page').then((m) => ({ default: m.TokensPage })));
const CheckoutPage = lazy(() => import('@/features/purchases/checkout-page').then((m) => ({ default: m.CheckoutPage })));
const SubscriptionPage = lazy(() => import('@/features/subscriptions/subscription-page').then((m) => ({ default: m.SubscriptionPage })));
const SubscriptionCheckoutPage = lazy(() =>
  import('@/features/subscriptions/subscription-checkout-page').then((m) => ({ default: m.SubscriptionCheckoutPage })),
);
const AchievementsPage = lazy(() => import('@/features/gamification/achievements-page').then((m) => ({ default: m.AchievementsPage })));
const MissionsPage = lazy(() => import('@/features/gamification/missions-page').then((m) => ({ default: m.MissionsPage })));
const ChallengesPage = lazy(() => import('@/features/challenges/challenges-page').then((m) => ({ default: m.ChallengesPage })));
const ChallengeRoomPage = lazy(() => import('@/features/challenges/room-page').then((m) => ({ default: m.RoomPage })));
const LeaderboardsPage = lazy(() => import('@/features/leaderboards/leaderboards-page').then((m) => ({ default: m.LeaderboardsPage })));
const PersonasPage = lazy(() => import('@/features/personas/personas-page').then((m) => ({ default: m.PersonasPage })));
const ImportPage = lazy(() => import('@/features/imports/import-page').then((m) => ({ default: m.ImportPage })));
const LorebooksPage = lazy(() => import('@/features/lorebooks/lorebooks-page').then((m) => ({ default: m.LorebooksPage })));
const SeasonPage = lazy(() => import('@/features/season-pass/season-page').then((m) => ({ default: m.SeasonPage })));
const GamificationPage = lazy(() => import('@/features/gamification/gamification-page').then((m) => ({ default: m.GamificationPage })));
const SettingsPage = lazy(() => import('@/features/settings/settings-page').then((m) => ({ default: m.SettingsPage })));

/**
 * Every route of the specs (bots-header-auth.md §2, settings-and-referrals.md §2): main.tsx makes
 * the browser's router of them, scripts/prerender.js a memory router for the home page's HTML.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: ROUTES.home, element: <HomePage /> },
      { path: ROUTES.explore, element: <ExplorePage /> },
      { path: ROUTES.login, element: <LoginPage /> },
      { path: ROUTES.authLogin, element: <LoginPage /> },
      { path: ROUTES.signup, element: <SignupPage /> },
      { path: ROUTES.authCallback, element: <CallbackPage /> },
      { path: ROUTES.verifyEmail, element: <VerifyEmailPage /> },
      { path: ROUTES.forgotPassword, element: <ForgotPasswordPage /> },
      { path: ROUTES.resetPassword, element: <ResetPasswordPage /> },
      { path: ROUTES.unauthorized, element: <UnauthorizedPage /> },
      { path: ROUTES.goodbye, element: <GoodbyePage /> },
      {
        path: ROUTES.admin,
        element: (
          <RequireAuth roles={['admin']}>
            <AdminPage />
          </RequireAuth>
        ),
      },
      {
        path: ROUTES.devOutbox,
        element: (
          <RequireAuth>
            <OutboxPage />
          </RequireAuth>
        ),
      },
      {
        path: ROUTES.settings,
        element: (
          <RequireAuth>
            <SettingsPage />
          </RequireAuth>
        ),
      },
      {
        path: `${ROUTES.settings}/:section`,
        element: (
          <RequireAuth>
            <SettingsPage />
          </RequireAuth>
        ),
      },
      ...['/bots/create', '/create', '/create/bot', '/bots/edit/:botId', '/my-bots/:botId/edit'].map((path) => ({
        path,
        element: (
          <RequireAuth>
            <BotEditorPage />
          </RequireAuth>
        ),
      })),
      {
        path: ROUTES.personas,
        element: (
          <RequireAuth>
            <PersonasPage />
          </RequireAuth>
        ),
      },
      {
        path: ROUTES.importSillyTavern,
        element: (
          <RequireAuth>
            <ImportPage />
          </RequireAuth>
        ),
      },
      {
        path: ROUTES.lorebooks,
        element: (
          <RequireAuth>
            <LorebooksPage />
          </RequireAuth>
        ),
      },
      {
        path: '/my-bots',
        element: (
          <RequireAuth>
            <MyBotsPage />
          </RequireAuth>
        ),
      },
      { path: '/bots/:botId', element: <BotDetailPage /> },
      { path: '/chat', element: <ChatListPage /> },
      ...['/chat/:botId', '/chats/:chatId'].map((path) => ({
        path,
        element: (
          <RequireAuth>
            <ChatPage />
          </RequireAuth>
        ),
      })),
      { path: '/profile/:usernameOrId', element: <ProfilePage /> },
      {
        path: ROUTES.tokens,
        element: (
          <RequireAuth>
            <TokensPage />
          </RequireAuth>
        ),
      },
      {
        // Referral payouts need a proven address (anti-fraud).
        path: ROUTES.referrals,
        element: (
          <RequireAuth requireVerifiedEmail>
            <ReferralsPage />
          </RequireAuth>
        ),
      },
      {
        path: '/checkout/:purchaseId',
        element: (
          <RequireAuth>
            <CheckoutPage />
          </RequireAuth>
        ),
      },
      {
        path: ROUTES.subscription,
        element: (
          <RequireAuth>
            <SubscriptionPage />
          </RequireAuth>
        ),
      },
      {
        path: '/subscription/checkout/:checkoutId',
        element: (
          <RequireAuth>
            <SubscriptionCheckoutPage />
          </RequireAuth>
        ),
      },
      {
        path: ROUTES.achievements,
        element: (
          <RequireAuth>
            <AchievementsPage />
          </RequireAuth>
        ),
      },
      {
        path: ROUTES.missions,
        element: (
          <RequireAuth>
            <MissionsPage />
          </RequireAuth>
        ),
      },
      {
        path: ROUTES.challenges,
        element: (
          <RequireAuth>
            <ChallengesPage />
          </RequireAuth>
        ),
      },
      {
        path: '/challenges/rooms/:roomId',
        element: (
          <RequireAuth>
            <ChallengeRoomPage />
          </RequireAuth>
        ),
      },
      {
        path: ROUTES.leaderboards,
        element: (
          <RequireAuth>
            <LeaderboardsPage />
          </RequireAuth>
        ),
      },
      // Signed out, the page itself says 'Sign in to access statistics' (gamification.md §2.6).
      { path: ROUTES.gamification, element: <GamificationPage /> },
      // Visitors see the running season and its track; buying and claiming ask them to sign in.
      { path: ROUTES.season, element: <SeasonPage /> },
      {
        path: ROUTES.notifications,
        element: (
          <RequireAuth>
            <NotificationsPage />
          </RequireAuth>
        ),
      },
      ...PLACEHOLDER_ROUTES.map((route) => ({
        path: route.path,
        element: route.guard ? (
          <RequireAuth {...route.guard}>
            <RoutePlaceholder route={route} />
          </RequireAuth>
        ) : (
          <RoutePlaceholder route={route} />
        ),
      })),
      { path: '/home', element: <Navigate to={ROUTES.home} replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
