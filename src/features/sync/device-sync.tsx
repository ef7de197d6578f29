/**
 * The page's device store (created once, by the app root) and the signed-in layout's part: keeps
 * the device's data in step with the server while the main screens are shown.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { DeviceStoreContext, useDeviceStore } from '~/db/device-store-context';
import { createPageStore } from './page-store';

/** Creates the page's one store and hands it to every screen below (the app root renders it). */
export function DeviceStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createPageStore);
  return <DeviceStoreContext.Provider value={store}>{children}</DeviceStoreContext.Provider>;
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
