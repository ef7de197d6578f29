/** 'Histórico de Envios': pages of 20, newest first, kept on the device, re-read while sending. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Campaign, fetchCampaignPage, PAGE_SIZE } from './api';
import { type CachedHistory, readCachedHistory, saveCachedHistory } from './cache';
import { appendPage, mergeFirstPage, pollInterval, replaceCampaign } from './history-merge';
import { useDeviceCopyThenServer } from './use-device-copy';

export type HistoryState = {
  /** undefined until the device cache or the server has answered. */
  items: Campaign[] | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  /** What is shown is the copy kept on the device (the server could not be reached). */
  stale: boolean;
  loadMore: () => Promise<void>;
  refresh: () => Promise<void>;
  replace: (campaign: Campaign) => void;
};

export function useCampaignHistory(online: boolean): HistoryState {
  const [items, setItems] = useState<Campaign[] | undefined>(undefined);
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [stale, setStale] = useState(true);
  const alive = useRef(true);
  const loading = useRef(false);
  const itemsRef = useRef<Campaign[]>([]);
  /** Pages read from the server so far; 0 while only the device copy is shown. */
  const pages = useRef(0);

  const commit = useCallback((next: Campaign[]) => {
    itemsRef.current = next;
    setItems(next);
    // The device copy only speeds up the next visit; the list on screen is already right.
    void saveCachedHistory(next).catch(() => {});
  }, []);

  const refresh = useCallback(async () => {
    try {
      const first = await fetchCampaignPage(0);
      if (!alive.current) return;
      // The device copy is replaced by the server's list, not merged into it; after that only
      // the first page is re-read and the pages below it keep what they had.
      const base = pages.current === 0 ? [] : itemsRef.current;
      if (pages.current <= 1) {
        pages.current = 1;
        setHasMore(first.length === PAGE_SIZE);
      }
      setStale(false);
      commit(mergeFirstPage(base, first));
    } catch {
      if (!alive.current) return;
      setStale(true);
      setItems((current) => current ?? []);
    }
  }, [commit]);

  const loadMore = useCallback(async () => {
    if (loading.current || pages.current === 0) return;
    loading.current = true;
    setLoadingMore(true);
    try {
      const page = await fetchCampaignPage(pages.current);
      if (!alive.current) return;
      pages.current += 1;
      setHasMore(page.length === PAGE_SIZE);
      commit(appendPage(itemsRef.current, page));
    } catch {
      // Offline or refused: the sentinel asks again when it comes back into view.
    } finally {
      loading.current = false;
      if (alive.current) setLoadingMore(false);
    }
  }, [commit]);

  const showCopy = (cached: CachedHistory) =>
    setItems((current) => {
      // Only the server's list beats the device copy: a failed first read (offline) may
      // have answered before this read of the device did.
      if (pages.current > 0 || (current !== undefined && current.length > 0)) return current;
      itemsRef.current = cached.items;
      return cached.items;
    });
  useDeviceCopyThenServer(alive, readCachedHistory, showCopy, refresh, online);

  const interval = online && items ? pollInterval(items) : null;
  useEffect(() => {
    if (interval === null) return;
    const timer = setInterval(() => void refresh(), interval);
    return () => clearInterval(timer);
  }, [interval, refresh]);

  const replace = useCallback(
    (campaign: Campaign) => commit(replaceCampaign(itemsRef.current, campaign)),
    [commit],
  );

  return { items, hasMore, loadingMore, stale, loadMore, refresh, replace };
}
