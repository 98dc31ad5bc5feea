import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './lib/i18n';
import './styles.css';
import { Providers } from './app/providers';
import { router } from './app/router';
import { bootSession } from './features/auth/session';

// Before the first render, so that guarded pages wait for the session instead of bouncing to /login.
bootSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
