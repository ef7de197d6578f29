/**
 * The app's React tree and router. src/main.tsx imports this module in a task of its own, after
 * React DOM, so that neither module evaluation is one long task on a phone's CPU (issue 14).
 */
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { DeviceStoreProvider } from '~/features/sync/device-sync';
import { AuthProvider } from '~/lib/auth/auth-context';
import { keepFocusInView } from '~/ui/keep-focus-in-view';
import { routeTree } from '../routeTree.gen';

export function createAppRouter() {
  return createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/**
 * The first render as a transition: React renders in slices of a few milliseconds and lets the
 * browser handle input and paint in between, instead of one long task. The screen's chunks are
 * loaded before (`router.load()`), so the first commit is the whole screen.
 */
export function renderApp(root: Root, router: AppRouter): void {
  // No control is focused out of sight, under the bottom bar or a top toast (decision 013).
  keepFocusInView();
  startTransition(() => {
    root.render(
      <StrictMode>
        <AuthProvider>
          <DeviceStoreProvider>
            <RouterProvider router={router} />
          </DeviceStoreProvider>
        </AuthProvider>
      </StrictMode>,
    );
  });
}
