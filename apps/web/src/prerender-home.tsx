import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { AppLayout } from './app/layout/app-layout';
import { HomePage, routes } from './app/router';
import { ChatSkeleton } from './features/chats/chat-skeleton';
import { i18nReady } from './lib/i18n';

/**
 * The home page as a first-time visitor's browser first draws it (signed out, English, the
 * characters still loading), rendered at build time by scripts/prerender.js into home.html: the
 * server sends it for / so that the page shows before its scripts arrive, and main.tsx hydrates
 * it. The same tree as main.tsx renders, so that hydration finds what it would have drawn; every
 * lazy part is waited for (`prerender`), and the browser hydrates each once its chunk is there.
 */
export async function renderHome(): Promise<string> {
  await Promise.all([i18nReady, HomePage.preload()]);
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  const { prelude } = await prerender(
    <App router={router} />,
    // One document, no boundary sent apart to be swapped in by an inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * A chat page's shell as it first shows (dist/chat.html, which the server sends for /chat/{id} and
 * /chats/{id}): the app's layout with the chat's skeleton (features/chats/chat-skeleton.tsx), so
 * that the page paints before its scripts have arrived. The app draws the chat over it (main.tsx).
 */
export async function renderChatShell(): Promise<string> {
  await i18nReady;
  const router = createMemoryRouter([{ element: <AppLayout />, children: [{ path: '*', element: <ChatSkeleton /> }] }], {
    initialEntries: ['/chat'],
  });
  const { prelude } = await prerender(<App router={router} />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}
