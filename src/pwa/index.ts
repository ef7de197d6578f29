/**
 * The PWA side of the app shell: worker registration and update notice. The replay nudges are the
 * device store's (src/db/sync-link.ts).
 */
import { registerServiceWorker, type ShowUpdateNotice } from './register-sw';
import { showUpdateToast } from './update-notice';

export type { ShowUpdateNotice } from './register-sw';

export { UPDATE_NOTICE } from './update-notice';

/**
 * Call once at start-up (src/main.tsx). The notice defaults to the app's toaster.
 * Production builds only: in development Vite serves modules the worker would cache.
 */
export function startPwa(showUpdateNotice: ShowUpdateNotice = showUpdateToast): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void registerServiceWorker(showUpdateNotice);
}
