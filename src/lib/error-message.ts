/** Picks the text of an error toast: the server's message (spec §8) or the screen's fallback. */
import { ApiRequestError } from './api';

/** The server's message when it answered; `fallback` for network failures and the unexpected. */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.message ? error.message : fallback;
}

export function hasServerMessage(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && Boolean(error.message);
}
