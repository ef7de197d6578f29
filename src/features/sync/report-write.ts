/**
 * The toast after a write. The change is already safe on the device, so a queued (offline) write
 * gets the same success toast as a sent one; a refusal gets the screen's error toast of spec §8
 * (and waits in the refused-changes list for a fix).
 */
import type { MutationResult } from '~/db/mutations';
import { toast } from '~/lib/toast';

export type WriteTexts = {
  success: string;
  /** Title and text of the error toast, given the server's message ('' when it gave none). */
  error: (serverMessage: string, httpStatus: number) => [string, string];
};

/** Returns true when the write is done or safely queued. */
export function reportWrite(result: MutationResult, texts: WriteTexts): boolean {
  if (result.status === 'sent' || result.status === 'queued') {
    toast.success(texts.success);
    return true;
  }
  // httpStatus 0: no answer at all (no worker to queue it): there is no server message.
  const httpStatus = result.status === 'refused' ? result.httpStatus : 401;
  const message = httpStatus === 0 ? '' : result.message;
  const [title, description] = texts.error(message, httpStatus);
  toast.error(title, description);
  return false;
}

/** Products (spec §8): 'Erro' with the server's message, or the screen's fallback text. */
export const productTexts = (success: string, fallback: string): WriteTexts => ({
  success,
  error: (message) => ['Erro', message || fallback],
});

/**
 * Customers (spec §8): the action's title with 'Tente novamente mais tarde.' — except a conflict
 * (409, e.g. 'Já existe um cliente com este telefone: Maria'), which trying later cannot fix.
 */
export const customerTexts = (success: string, title: string): WriteTexts => ({
  success,
  error: (message, httpStatus) => [
    title,
    httpStatus === 409 && message ? message : 'Tente novamente mais tarde.',
  ],
});
