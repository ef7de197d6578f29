/**
 * The page's device store (created once, by the app root) and the signed-in layout's part: keeps
 * the device's data in step with the server while the main screens are shown.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { DeviceStoreContext, lazyDeviceStore, useDeviceStore } from '~/db/device-store-context';
import { getToken } from '~/lib/session';

const loadPageStore = async () => (await import('~/db/page-store')).createPageStore();

/**
 * Holds the page's one store for every screen below (the app root renders it). Its modules load
 * at once when a session is stored (a signed-in open: beside the session check, which needs
 * Dexie too), else on first need (the sign-in form's first focus), so a visitor never loads them.
 */
export function DeviceStoreProvider({ children }: { children: ReactNode }) {
  const [slot] = useState(() => {
    const lazy = lazyDeviceStore(loadPageStore);
    if (typeof localStorage !== 'undefined' && getToken()) void lazy.load();
    return lazy;
  });
  return <DeviceStoreContext.Provider value={slot}>{children}</DeviceStoreContext.Provider>;
}

/** Starts the store's sync (pulls, the worker's queue) while the signed-in main screens show. */
export function DeviceSync({ children }: { children: ReactNode }) {
  const store = useDeviceStore();
  useEffect(() => {
    // A customer import the app was closed in the middle of: the batches it had not handed to
    // the service worker yet (loaded apart: the start's own chunk does not grow).
    import('~/db/customer-import-outbox')
      .then(({ resumeCustomerImports }) => resumeCustomerImports(store))
      .catch((error: unknown) => console.error(error));
    return store.start();
  }, [store]);
  return children;
}
