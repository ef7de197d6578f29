/** How the screens receive the device store: React context, provided once by the signed-in layout. */
import { createContext, useContext } from 'react';
import { type DeviceStore, deviceStore } from './device-store';

/** The page's store unless a provider gives another (a test's). */
export const DeviceStoreContext = createContext<DeviceStore>(deviceStore);

export function useDeviceStore(): DeviceStore {
  return useContext(DeviceStoreContext);
}
