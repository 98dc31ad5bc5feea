import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from './lib/i18n';
import './styles.css';
import { Providers } from './app/providers';
import { router } from './app/router';
import { bootSession } from './features/auth/session';

// Before the first render, so that guarded pages wait for the session instead of bouncing to /login.
bootSession();

// A language other than English is a chunk of its own (lib/i18n.ts): render once its texts are here.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
