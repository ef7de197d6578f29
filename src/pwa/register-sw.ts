/** Worker registration and the update flow of spec §4 (60 s check, 'Nova versão disponível'). */
import { Workbox } from 'workbox-window';
import { createTakeoverPolicy, formHoldsText } from './takeover';
import { watchForWaitingWorker } from './update-watcher';

/** Spec §9: worker update check every 60000 ms. */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;

/** Shows the persistent notice; `reload` lets the waiting worker take over. */
export type ShowUpdateNotice = (reload: () => void) => void;

export async function registerServiceWorker(showUpdateNotice: ShowUpdateNotice): Promise<void> {
  const wb = new Workbox('/sw.js');

  // A page controlled by an older worker reloads when a new one takes over (its own 'Recarregar'
  // or another tab's): the old page's lazy chunks are gone from the new precache. Never on a
  // first visit's claim, and never over what the owner is typing (src/pwa/takeover.ts).
  const takeover = createTakeoverPolicy({
    controller: navigator.serviceWorker.controller,
    hasTypedInput: () => formHoldsText(),
    reload: () => window.location.reload(),
    askToReload: () => showUpdateNotice(() => window.location.reload()),
  });
  navigator.serviceWorker.addEventListener('controllerchange', () =>
    takeover.onControllerChange(navigator.serviceWorker.controller),
  );
  const skipWaiting = () => {
    takeover.requested();
    wb.messageSkipWaiting();
  };

  let watcher: { check: () => void } | null = null;
  wb.addEventListener('waiting', () => watcher?.check());

  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await wb.register({ immediate: true });
  } catch (error) {
    // Spec §4: a failed registration is only logged; the app works online without the worker.
    console.error('Falha ao registrar o service worker', error);
    return;
  }
  if (!registration) return;
  const reg = registration;
  watcher = watchForWaitingWorker(reg, () => showUpdateNotice(skipWaiting));

  setInterval(() => {
    if (!navigator.onLine) return;
    reg
      .update()
      .then(() => watcher?.check())
      .catch((error: unknown) => console.warn('Verificação de atualização falhou', error));
  }, UPDATE_CHECK_INTERVAL_MS);
  // The worker side starts after the first screen (src/main.tsx), so "a worker controls the page"
  // no longer means "the 60 s check is running": this mark says it is (the browser tests wait on it).
  document.documentElement.dataset.updateCheck = 'on';
}
