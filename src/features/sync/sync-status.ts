/**
 * The device's sync as the screens see it (the offline indicator): online or not, how many changes
 * the service worker still holds, whether a replay needs a new sign-in. The value lives in the
 * DeviceStore's SyncState and is kept by its link with the worker (src/db/sync-link.ts).
 */
import { useSyncExternalStore } from 'react';
import { useDeviceStore } from '~/db/device-store-context';
import type { SyncStatus } from '~/db/sync-state';

export type { SyncStatus } from '~/db/sync-state';

export function useSyncStatus(): SyncStatus {
  const { sync } = useDeviceStore();
  return useSyncExternalStore(sync.subscribe, sync.get);
}
