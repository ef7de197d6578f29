/** Finds every waiting worker of a long session, including those workbox-window calls "external". */

/**
 * workbox-window stops listening to `updatefound` after the first update it judges external
 * (any update found more than 60 s after `register()`), so the second and later updates of a
 * long session would never raise the notice. This watches the registration directly.
 */
export function watchForWaitingWorker(
  registration: ServiceWorkerRegistration,
  onWaiting: (worker: ServiceWorker) => void,
): { check: () => void } {
  const announced = new WeakSet<ServiceWorker>();

  function check(): void {
    const waiting = registration.waiting;
    // Without a controller this is the first install, not an update: nothing to announce.
    if (!waiting || !navigator.serviceWorker.controller || announced.has(waiting)) return;
    announced.add(waiting);
    onWaiting(waiting);
  }

  function followInstalling(): void {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed') check();
    });
  }

  registration.addEventListener('updatefound', followInstalling);
  followInstalling();
  check();
  return { check };
}
