import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import i18n, { i18nReady } from './lib/i18n';
import './styles.css';
import { App } from './app/app';
import { queryClient } from './app/providers';
import { ChatPage, ExplorePage, HomePage, routes } from './app/router';
import { bootSession } from './features/auth/session';
import { useAuthStore } from './features/auth/store';
import { prefetchPublic } from './lib/api-client';
import { CATEGORIES_PATH, explorePublicQuery, publicBotsPath } from './features/bots/explore/first-page';
import { readExploreQuery } from './features/bots/explore/explore-query';
import { readNsfwChoice } from './features/bots/explore/use-nsfw-opt-in';
import { numberFormat } from './lib/intl';
import { useThemeStore } from './lib/theme';

// The home page's data needs no session: ask for it now, while the page's own scripts load.
if (location.pathname === '/' || location.pathname === '/explore') {
  const nsfw = useAuthStore.getState().isAuthenticated && readNsfwChoice();
  prefetchPublic(publicBotsPath(explorePublicQuery(readExploreQuery(new URLSearchParams(location.search)), nsfw)));
  prefetchPublic(CATEGORIES_PATH);
}

// A chat page's chunk, its chat and the chat's messages are asked for now, beside the session's
// refresh (the calls wait for it), rather than one after another once the app has rendered.
if (useAuthStore.getState().isAuthenticated && /^\/chats?\/./.test(location.pathname)) {
  // A failure is left to the page's own load, which shows it.
  setTimeout(() =>
    ChatPage.preload()
      .then(() => import('./features/chats/chat-page').then((m) => m.prefetchOpenChat(queryClient)))
      .catch(() => undefined),
  );
}

// A cost that the first render would otherwise pay inside its own long task, taken here in a task
// of its own while the scripts and data above are on their way: the page's first Intl.NumberFormat
// loads the locale's number data (the prerendered home page has paid it already).
setTimeout(() => numberFormat(i18n.language));

// Before the first render, so that guarded pages wait for the session instead of bouncing to /login.
bootSession();

const root = document.getElementById('root')!;

// On / the server sends the home page already drawn (scripts/prerender.js) for a first-time
// visitor: signed out, in English, the system theme, at / itself. Such a visitor's first render is
// that very page, so React hydrates it (the DOM is kept, nothing is drawn twice; a difference would
// be a bug, and React reports it). Anyone else gets the page drawn afresh over it, and meanwhile
// styles.css hides what does not fit them.
const prerendered = root.hasAttribute('data-prerendered');
const hydrate =
  prerendered &&
  location.pathname === '/' &&
  location.search === '' &&
  document.documentElement.lang === 'en' &&
  useThemeStore.getState().theme === 'system' &&
  !useAuthStore.getState().isAuthenticated;

// A language other than English is a chunk of its own (lib/i18n.ts): render once its texts are here.
// The prerendered home page is the home page's chunk drawn: it is loaded before the first render,
// which must be that page, not the skeleton of a page still loading. The first render is a
// transition, so React yields to the browser while it builds the page instead of holding the main
// thread in one long task.
//
// The page is drawn already, so the start is cut into tasks the browser can breathe between
// (Total Blocking Time): the home page's chunk is asked for in a task of its own, and so are the
// router and the render.
// The chat page's shell (dist/chat.html) is drawn over by the chat page: its chunk first, so that the
// first render is that page (its skeleton, as the shell drew), never the layout's page skeleton.
const page = location.pathname === '/explore' ? ExplorePage : root.dataset.prerendered === 'shell' ? ChatPage : HomePage;
const pageLoaded = prerendered ? new Promise((resolve) => setTimeout(() => resolve(page.preload()))) : null;
// The router (it compiles every route's path) is made in a task of its own, before the render's.
const routerMade = new Promise<ReturnType<typeof createBrowserRouter>>((resolve) => setTimeout(() => resolve(createBrowserRouter(routes))));
void Promise.all([i18nReady, pageLoaded, routerMade]).then(([, , router]) =>
  setTimeout(() =>
    startTransition(() => {
      const app = <App router={router} />;
      if (hydrate) hydrateRoot(root, app);
      else createRoot(root).render(app);
    }),
  ),
);
