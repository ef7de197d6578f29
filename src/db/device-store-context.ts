/**
 * How the screens receive the device store: React context, provided once by the app root
 * (src/app/app-root.tsx). No default: a screen outside the provider is a wiring mistake, said at once.
 */
import { createContext, useContext } from 'react';
import type { DeviceStore } from './device-store';

export const DeviceStoreContext = createContext<DeviceStore | null>(null);

export function useDeviceStore(): DeviceStore {
  const store = useContext(DeviceStoreContext);
  if (!store) throw new Error('No device store: render the screen inside DeviceStoreContext');
  return store;
}
