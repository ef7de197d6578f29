/** The daily limit badge's data: the server's answer, else the last one kept on the device. */
import { useCallback, useRef, useState } from 'react';
import { type DailyLimit, fetchDailyLimit } from './api';
import { type CachedLimit, readCachedLimit, saveCachedLimit } from './cache';
import { useDeviceCopyThenServer } from './use-device-copy';

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

  const showCopy = (cached: CachedLimit) => setLimit((current) => current ?? cached.limit);
  useDeviceCopyThenServer(alive, readCachedLimit, showCopy, refresh, online);

  const markExhausted = useCallback(() => {
    setLimit((current) =>
      current ? { ...current, dailySent: current.dailyLimit, remaining: 0 } : current,
    );
  }, []);

  return { limit, stale, refresh, markExhausted };
}
