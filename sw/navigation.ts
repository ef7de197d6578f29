/** App-shell routing: every in-app navigation is answered with the precached index.html. */
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Server-rendered or server-owned pages that must never be replaced by the app shell. */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/loja\//, /^\/sandbox(\/|$)/];

export function registerAppShellNavigation(): void {
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('index.html'), {
      denylist: NAVIGATION_DENYLIST,
    }),
  );
}
