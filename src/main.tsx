/** PWA entry: the session provider around the router, taking over from the build-time first screen. */
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { handOverFirstScreen } from './app/first-screen-handoff';
import { AuthProvider } from './lib/auth/auth-context';
import { getSession } from './lib/session';
import { routeTree } from './routeTree.gen';
import './index.css';

// A visitor without a session ends on /login from any screen (the guards and the not-found route
// send them there): go now, so the first screen index.html painted is the one the app mounts and
// the home screen's code is not loaded for nothing.
if (!getSession() && location.pathname !== '/login' && location.pathname !== '/register') {
  history.replaceState(history.state, '', '/login');
}

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

async function start(app: HTMLElement) {
  // The screen's code-split chunks first, so the first render is the whole screen, not a blank.
  await router.load().catch((error: unknown) => console.error(error));
  const root = createRoot(app);
  flushSync(() =>
    root.render(
      <StrictMode>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </StrictMode>,
    ),
  );
  handOverFirstScreen(app);
  // Worker registration, 60 s update check and its notice, replay nudges: after the screen is
  // live (production only). Its module is not part of what the first screen waits for.
  const { startPwa } = await import('./pwa');
  startPwa();
}

const app = document.getElementById('root');
if (app) void start(app);
