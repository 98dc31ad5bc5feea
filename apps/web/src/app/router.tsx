import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { PLACEHOLDER_ROUTES } from '@/features/misc/placeholder-routes';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './route-guard';
import { RouteError } from './route-error';

// Each page is its own chunk, loaded when first visited; AppLayout shows a skeleton meanwhile.
const AdminPage = lazy(() => import('@/features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
const BotDetailPage = lazy(() => import('@/features/bots/detail/bot-detail-page').then((m) => ({ default: m.BotDetailPage })));
const ChatListPage = lazy(() => import('@/features/chats/chat-list-page').then((m) => ({ default: m.ChatListPage })));
const ChatPage = lazy(() => import('@/features/chats/chat-page').then((m) => ({ default: m.ChatPage })));
const BotEditorPage = lazy(() => import('@/features/bots/editor/bot-editor-page').then((m) => ({ default: m.BotEditorPage })));
const MyBotsPage = lazy(() => import('@/features/bots/my-bots/my-bots-page').then((m) => ({ default: m.MyBotsPage })));
const CallbackPage = lazy(() => import('@/features/auth/pages/callback-page').then((m) => ({ default: m.CallbackPage })));
const LoginPage = lazy(() => import('@/features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('@/features/auth/pages/signup-page').then((m) => ({ default: m.SignupPage })));
const VerifyEmailPage = lazy(() => import('@/features/auth/pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })));
const OutboxPage = lazy(() => import('@/features/dev/outbox-page').then((m) => ({ default: m.OutboxPage })));
const ExplorePage = lazy(() => import('@/features/bots/explore/explore-page').then((m) => ({ default: m.ExplorePage })));
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
const SettingsPage = lazy(() => import('@/features/settings/settings-page').then((m) => ({ default: m.SettingsPage })));

/** Every route of the specs (bots-header-auth.md §2, settings-and-referrals.md §2). */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: ROUTES.home, element: <ExplorePage /> },
      { path: ROUTES.explore, element: <ExplorePage /> },
      { path: ROUTES.login, element: <LoginPage /> },
      { path: ROUTES.authLogin, element: <LoginPage /> },
      { path: ROUTES.signup, element: <SignupPage /> },
      { path: ROUTES.authCallback, element: <CallbackPage /> },
      { path: ROUTES.verifyEmail, element: <VerifyEmailPage /> },
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
        path: ROUTES.notifications,
        element: (
          <RequireAuth>
            <NotificationsPage />
          </RequireAuth>
        ),
      },
      ...PLACEHOLDER_ROUTES.filter((route) => route.path !== ROUTES.notifications).map((route) => ({
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
]);
