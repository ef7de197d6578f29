/**
 * The owner's store for the settings screens: server first, the device cache when offline, with
 * the settings changes still waiting for the server (or refused by it) on top, live.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { type PendingSetting, withPending } from '~/db/pending-settings';
import { readPendingSettings } from '~/db/pending-settings-state';
import type { StoreMe } from '~/domain/schemas';
import type { SingletonKind } from '~/domain/sync/entities';
import { fetchStore } from './store-cache';

/** A section's change on the device: waiting for the connection, or refused with the server's message. */
export type SectionState = { refusal: string | null };
export type PendingSections = Partial<Record<SingletonKind, SectionState>>;

export type StoreMeState =
  | { kind: 'loading' }
  | { kind: 'ready'; store: StoreMe; pending: PendingSections }
  | { kind: 'unavailable' };

/** What of the settings waits on the device, live (the worker clears it when the server has it). */
export function usePendingSettings():
  | { list: PendingSetting[]; sections: PendingSections }
  | undefined {
  return useLiveQuery(async () => {
    const { list, refusals } = await readPendingSettings();
    const sections: PendingSections = {};
    for (const p of list) {
      const refused = refusals
        .filter((d) => d.entity === p.kind)
        .sort((a, b) => b.failedAt - a.failedAt);
      sections[p.kind] = { refusal: refused[0]?.message ?? null };
    }
    return { list, sections };
  });
}

export function useStoreMe(): StoreMeState {
  const [server, setServer] = useState<StoreMe | null | 'loading'>('loading');
  const pending = usePendingSettings();
  useEffect(() => {
    let cancelled = false;
    fetchStore()
      .then(({ store }) => !cancelled && setServer(store))
      .catch(() => !cancelled && setServer(null));
    return () => {
      cancelled = true;
    };
  }, []);
  if (server === 'loading' || pending === undefined) return { kind: 'loading' };
  if (server === null) return { kind: 'unavailable' };
  return { kind: 'ready', store: withPending(server, pending.list), pending: pending.sections };
}
