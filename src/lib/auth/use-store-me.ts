/** The owner's store for the settings and WhatsApp screens: server first, the device cache when offline. */
import { useEffect, useState } from 'react';
import type { StoreMe } from '~/domain/schemas';
import { fetchStore } from './store-cache';

export type StoreMeState =
  | { kind: 'loading' }
  | { kind: 'ready'; store: StoreMe }
  | { kind: 'unavailable' };

export function useStoreMe(): StoreMeState {
  const [state, setState] = useState<StoreMeState>({ kind: 'loading' });
  useEffect(() => {
    let cancelled = false;
    fetchStore()
      .then(
        ({ store }) =>
          !cancelled && setState(store ? { kind: 'ready', store } : { kind: 'unavailable' }),
      )
      .catch(() => !cancelled && setState({ kind: 'unavailable' }));
    return () => {
      cancelled = true;
    };
  }, []);
  return state;
}
