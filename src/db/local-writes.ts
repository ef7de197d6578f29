/** Helpers shared by the device's writes: edit stamps and reading the server's revision. */

/**
 * A strictly increasing stamp per row: two edits in the same millisecond still differ, so an
 * acknowledgement for the first can never clear the pending flag of the second (pending.ts).
 */
export function nextStamp(previous: number | undefined): number {
  return Math.max(Date.now(), (previous ?? 0) + 1);
}

/** The revision in a 2xx body of POST/PUT, when the server sent one. */
export function revisionOf(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const revision = (data as { revision?: unknown }).revision;
  return typeof revision === 'number' ? revision : undefined;
}
