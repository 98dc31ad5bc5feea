import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import i18n, { i18nReady } from './lib/i18n';
import './styles.css';
import { Providers } from './app/providers';
import { router } from './app/router';
import { bootSession } from './features/auth/session';
import { useAuthStore } from './features/auth/store';
import { prefetchPublic } from './lib/api-client';
import { CATEGORIES_PATH, explorePublicQuery, publicBotsPath } from './features/bots/explore/first-page';
import { readExploreQuery } from './features/bots/explore/explore-query';
import { readNsfwChoice } from './features/bots/explore/use-nsfw-opt-in';
import { numberFormat } from './lib/intl';

// The home page's data needs no session: ask for it now, while the page's own scripts load.
if (location.pathname === '/' || location.pathname === '/explore') {
  const nsfw = useAuthStore.getState().isAuthenticated && readNsfwChoice();
  prefetchPublic(publicBotsPath(explorePublicQuery(readExploreQuery(new URLSearchParams(location.search)), nsfw)));
  prefetchPublic(CATEGORIES_PATH);
}

// The page's first Intl.NumberFormat loads the locale's number data, tens of milliseconds on a slow
// phone: take that while the scripts and data above are on their way, not while the page is drawn.
setTimeout(() => numberFormat(i18n.language));

// Before the first render, so that guarded pages wait for the session instead of bouncing to /login.
bootSession();

// A language other than English is a chunk of its own (lib/i18n.ts): render once its texts are here.
// The first render is a transition, so React yields to the browser while it builds the page
// instead of holding the main thread in one long task.
void i18nReady.then(() =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  ),
);
