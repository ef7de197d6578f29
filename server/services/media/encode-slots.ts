/**
 * How many photo encodes run at once in this process: a few per store and a few in all. An
 * encode takes ~100 MB and seconds of CPU at the largest size allowed, so a store's burst (or
 * several stores' at once) must not starve the API: beyond the limit the upload is answered
 * 429 (this store) or 503 (the server) with Retry-After, and the phone's queue sends it again.
 */
import { ApiError } from '../../lib/api-input';

/** An upload refused for now: the answer carries Retry-After (seconds). */
export class BusyError extends ApiError {
  constructor(
    status: 429 | 503,
    message: string,
    readonly retryAfter: number,
  ) {
    super(status, message);
  }
}

export const ENCODES_PER_STORE = 2;
export const ENCODES_AT_ONCE = 4;
/** Seconds a refused upload waits: about one encode of the largest photo allowed. */
export const ENCODE_RETRY_AFTER = 5;

export const BUSY_TEXTS = {
  store: 'Muitas fotos sendo processadas ao mesmo tempo nesta loja. Enviando de novo em instantes.',
  server: 'O servidor está ocupado processando fotos. Enviando de novo em instantes.',
} as const;

const byStore = new Map<string, number>();
let total = 0;

/** Takes a slot for one encode of this store, or throws BusyError; answers its release. */
export function takeEncodeSlot(storeId: string): () => void {
  const mine = byStore.get(storeId) ?? 0;
  if (mine >= ENCODES_PER_STORE) throw new BusyError(429, BUSY_TEXTS.store, ENCODE_RETRY_AFTER);
  if (total >= ENCODES_AT_ONCE) throw new BusyError(503, BUSY_TEXTS.server, ENCODE_RETRY_AFTER);
  byStore.set(storeId, mine + 1);
  total++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total--;
    const left = (byStore.get(storeId) ?? 1) - 1;
    if (left > 0) byStore.set(storeId, left);
    else byStore.delete(storeId);
  };
}
