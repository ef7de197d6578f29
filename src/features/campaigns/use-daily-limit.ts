/** The daily limit badge's data: the server's answer, else the last one kept on the device. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DailyLimit, fetchDailyLimit } from './api';
import { readCachedLimit, saveCachedLimit } from './cache';

export type DailyLimitState = {
  limit: DailyLimit | null;
  /** True while what is shown comes from the device, not from a fresh answer. */
  stale: boolean;
  refresh: () => Promise<void>;
  /** Applies what a 429 said (nothing remains today) until the next answer. */
  markExhausted: () => void;
};

export function useDailyLimit(online: boolean): DailyLimitState {
  const [limit, setLimit] = useState<DailyLimit | null>(null);
  const [stale, setStale] = useState(true);
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const answer = await fetchDailyLimit();
      if (!alive.current) return;
      setLimit(answer);
      setStale(false);
      await saveCachedLimit(answer);
    } catch {
      if (alive.current) setStale(true);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    readCachedLimit()
      .then((cached) => {
        if (cached && alive.current) setLimit((current) => current ?? cached.limit);
      })
      // No readable device copy (storage blocked or cleared): the server's answer fills the badge.
      .catch(() => {});
    return () => {
      alive.current = false;
    };
  }, []);

  // On open and each time the connection comes back.
  useEffect(() => {
    if (online) void refresh();
  }, [online, refresh]);

  const markExhausted = useCallback(() => {
    setLimit((current) =>
      current ? { ...current, dailySent: current.dailyLimit, remaining: 0 } : current,
    );
  }, []);

  return { limit, stale, refresh, markExhausted };
}
