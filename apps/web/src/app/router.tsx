import { createBrowserRouter, Navigate } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { AdminPage } from '@/features/admin/admin-page';
import { BotDetailPage } from '@/features/bots/detail/bot-detail-page';
import { ChatListPage } from '@/features/chats/chat-list-page';
import { ChatPage } from '@/features/chats/chat-page';
import { BotEditorPage } from '@/features/bots/editor/bot-editor-page';
import { MyBotsPage } from '@/features/bots/my-bots/my-bots-page';
import { CallbackPage } from '@/features/auth/pages/callback-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { SignupPage } from '@/features/auth/pages/signup-page';
import { VerifyEmailPage } from '@/features/auth/pages/verify-email-page';
import { OutboxPage } from '@/features/dev/outbox-page';
import { ExplorePage } from '@/features/bots/explore/explore-page';
import { NotificationsPage } from '@/features/notifications/notifications-page';
import { ProfilePage } from '@/features/profile/profile-page';
import { PLACEHOLDER_ROUTES, RoutePlaceholder } from '@/features/misc/placeholder-routes';
import { GoodbyePage, NotFoundPage, UnauthorizedPage } from '@/features/misc/status-pages';
import { SettingsPage } from '@/features/settings/settings-page';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './route-guard';
import { RouteError } from './route-error';

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
