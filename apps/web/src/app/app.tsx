import { StrictMode, useLayoutEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { Providers } from './providers';

/**
 * The whole app, given its router: main.tsx renders it in the browser, prerender-home.tsx at build
 * for the home page. One tree for both, so that hydration finds exactly what the build drew.
 */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <PrerenderDone />
      </Providers>
    </StrictMode>
  );
}

/** Marks the prerendered home page as the app's once React has hydrated or replaced it (styles.css). */
function PrerenderDone() {
  useLayoutEffect(() => document.getElementById('root')?.removeAttribute('data-prerendered'), []);
  return null;
}
