/**
 * How the screens receive the device store: React context, provided once by the app root
 * (src/app/app-root.tsx). The store's module graph (Dexie, the registry, the schemas) is loaded
 * on first need, not with the app: a visitor on /login never fetches it (docs/benchmarks.md,
 * "First load of /login"). No default: a screen outside the provider is a wiring mistake.
 */
import { createContext, use, useContext } from 'react';
import type { DeviceStore } from './device-store';

/** The page's one store, created when first loaded. */
export type DeviceStoreSlot = {
  /** The store, once loaded. */
  readonly current: DeviceStore | null;
  /** Loads the store's modules and creates it (once; every call gets the same promise). */
  load(): Promise<DeviceStore>;
};

/** A slot whose store `create` makes, on the first `load()`. */
export function lazyDeviceStore(create: () => Promise<DeviceStore>): DeviceStoreSlot {
  let loading: Promise<DeviceStore> | null = null;
  const slot = {
    current: null as DeviceStore | null,
    load() {
      loading ??= create().then((store) => {
        slot.current = store;
        return store;
      });
      return loading;
    },
  };
  return slot;
}

export const DeviceStoreContext = createContext<DeviceStoreSlot | null>(null);

function useSlot(): DeviceStoreSlot {
  const slot = useContext(DeviceStoreContext);
  if (!slot) throw new Error('No device store: render the screen inside DeviceStoreContext');
  return slot;
}

/** The store, for the signed-in screens: suspends until it is loaded (at once when it is). */
export function useDeviceStore(): DeviceStore {
  const slot = useSlot();
  return slot.current ?? use(slot.load());
}

/** The store without waiting for it during render (the visitors' screens: sign-in). */
export function useDeviceStoreLoader(): () => Promise<DeviceStore> {
  const slot = useSlot();
  return slot.load;
}
