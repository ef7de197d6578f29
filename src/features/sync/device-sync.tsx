/**
 * Hands the device store to the screens below (React context) and keeps the device's data in
 * step with the server while they are shown. Rendered once, by the signed-in main layout's route.
 */
import { type ReactNode, useEffect } from 'react';
import { deviceStore } from '~/db/device-store';
import { DeviceStoreContext } from '~/db/device-store-context';
import { startDeviceSync } from './sync-status';

export function DeviceSync({ children }: { children: ReactNode }) {
  useEffect(() => startDeviceSync(deviceStore), []);
  return <DeviceStoreContext.Provider value={deviceStore}>{children}</DeviceStoreContext.Provider>;
}
