/**
 * A chat's thread on screen: the page kept on the phone at once, then the server's newest turns
 * (online), read again when the pull brings a newer message and every few seconds for receipts;
 * opening it marks the chat read (on this phone at once, on the others through the server).
 */
import { useCallback, useEffect, useState } from 'react';
import { useCachedThread } from '~/db/conversations-live';
import { markReadOnDevice } from '~/db/conversations-repo';
import { olderTurns, refreshThread } from '~/db/conversations-thread';
import { useDeviceStore } from '~/db/device-store-context';
import type { ChatTurn } from '~/domain/conversation-reply';
import { ApiRequestError } from '~/lib/api';
import { markRead } from './api';

/** Receipts (entregue, lida) change no chat row: the open thread asks for them this often. */
export const THREAD_REFRESH_MS = 10_000;

export type ThreadState = {
  turns: ChatTurn[] | undefined;
  /** The server said there is no such chat. */
  missing: boolean;
  /** The last read failed for want of a connection: the turns are the phone's copy. */
  offline: boolean;
  hasOlder: boolean;
  loadOlder: () => Promise<void>;
  refresh: () => Promise<void>;
};

/** Older pages and the kept newest one, each turn once, oldest first. */
function merged(older: ChatTurn[], newest: ChatTurn[]): ChatTurn[] {
  if (older.length === 0) return newest;
  const byId = new Map([...older, ...newest].map((t) => [t.id, t]));
  return [...byId.values()].sort((a, b) => a.at.localeCompare(b.at));
}

export function useThread(phone: string, lastMessageAt: string | undefined, unread: number) {
  const store = useDeviceStore();
  const cached = useCachedThread(phone);
  const [older, setOlder] = useState<{ turns: ChatTurn[]; before: string | null } | null>(null);
  const [missing, setMissing] = useState(false);
  const [offline, setOffline] = useState(false);

  const refresh = useCallback(async () => {
    try {
      await refreshThread(store, phone);
      setOffline(false);
      setMissing(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) setMissing(true);
      else if (!(error instanceof ApiRequestError)) setOffline(true);
    }
  }, [store, phone]);

  // A newer message (the pull's) or the screen's opening: read the turns again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: lastMessageAt is the trigger
  useEffect(() => {
    void refresh();
  }, [refresh, lastMessageAt]);

  useEffect(() => {
    const id = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void refresh();
    }, THREAD_REFRESH_MS);
    return () => clearInterval(id);
  }, [refresh]);

  // Read on opening, and again when a message arrives while it is open.
  useEffect(() => {
    if (unread === 0) return;
    void markReadOnDevice(store.db, phone);
    markRead(phone).catch(() => {
      // Refused or failed online: the next opening tries again.
    });
  }, [store, phone, unread]);

  const before = older ? older.before : (cached?.before ?? null);
  const loadOlder = useCallback(async () => {
    if (!before) return;
    const page = await olderTurns(store, phone, before);
    setOlder((o) => ({ turns: [...page.turns, ...(o?.turns ?? [])], before: page.before }));
  }, [store, phone, before]);

  const turns = cached === undefined ? undefined : merged(older?.turns ?? [], cached?.turns ?? []);
  return {
    turns,
    missing,
    offline,
    hasOlder: before !== null,
    loadOlder,
    refresh,
  } satisfies ThreadState;
}
