/** The page's side of the resize worker: one worker, requests matched to replies by id. */
import {
  MAX_LONG_SIDE,
  type ResizedPhoto,
  resizePhoto,
  UndecodablePhotoError,
} from './resize-photo';

export type ResizeRequest = { id: number; blob: Blob; maxSide: number };
export type ResizeReply =
  | { id: number; ok: true; photo: ResizedPhoto }
  | { id: number; ok: false; undecodable: boolean };

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, (reply: ResizeReply) => void>();

function resizeWorker(): Worker | null {
  if (worker) return worker;
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
  worker = new Worker(new URL('./photo-resize.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<ResizeReply>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  };
  return worker;
}

/** Resized in the worker; on the page where workers cannot draw (no OffscreenCanvas there). */
export async function resizeInWorker(blob: Blob, maxSide = MAX_LONG_SIDE): Promise<ResizedPhoto> {
  const target = resizeWorker();
  if (!target) return resizePhoto(blob, maxSide);
  const id = ++next;
  const reply = await new Promise<ResizeReply>((resolve) => {
    waiting.set(id, resolve);
    target.postMessage({ id, blob, maxSide } satisfies ResizeRequest);
  });
  if (reply.ok) return reply.photo;
  if (reply.undecodable) throw new UndecodablePhotoError();
  throw new Error('photo not resized');
}
