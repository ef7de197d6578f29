/** Mount once in the signed-in layout: keeps the device's data in step with the server. */
import { useEffect } from 'react';
import { startDeviceSync } from './sync-status';

export function useDeviceSync(): void {
  useEffect(() => startDeviceSync(), []);
}
