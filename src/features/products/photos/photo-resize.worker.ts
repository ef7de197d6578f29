/// <reference lib="webworker" />
/** Resizing off the main thread: a 12 MP decode and encode would freeze the dialog for a second. */
import type { ResizeReply, ResizeRequest } from './resize-client';
import { resizePhoto, UndecodablePhotoError } from './resize-photo';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<ResizeRequest>) => {
  const { id, blob, maxSide } = event.data;
  let reply: ResizeReply;
  try {
    reply = { id, ok: true, photo: await resizePhoto(blob, maxSide) };
  } catch (error) {
    reply = { id, ok: false, undecodable: error instanceof UndecodablePhotoError };
  }
  scope.postMessage(reply);
};
