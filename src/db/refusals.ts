/** Recording a mutation the server refused (a dead letter), the same way from the page and the worker. */
import { SINGLETON_ID } from '~/domain/sync/entities';
import { parseEntityTag, parseSingletonTag } from '~/domain/sync/protocol';
import type { DeadLetter, TaliDb } from './db';
import { takeServerRow } from './stale-rows';

export type Refusal = {
  method: string;
  url: string;
  body: string | null;
  status: number;
  message: string;
  /** The X-Tali-Entity tag ("product:<id>"), or null for a mutation of no single row. */
  entity: string | null;
  /** A stale change's 409 carries the row as the server holds it: the device takes it. */
  current?: unknown;
};

/**
 * The row stays pending: the owner sees it needs attention next to the refusal. A stale change
 * (the refusal carries the server's row) instead shows the server's row, with the refusal.
 */
export async function recordRefusal(
  db: TaliDb,
  refusal: Refusal,
  newId: () => string = () => crypto.randomUUID(),
): Promise<void> {
  const singleton = parseSingletonTag(refusal.entity);
  const target = singleton ? { kind: singleton, id: SINGLETON_ID } : parseEntityTag(refusal.entity);
  const letter: DeadLetter = {
    id: newId(),
    method: refusal.method,
    url: refusal.url,
    body: refusal.body,
    status: refusal.status,
    message: refusal.message,
    entity: target?.kind ?? 'other',
    entityId: target?.id ?? null,
    failedAt: Date.now(),
  };
  await db.deadLetters.add(letter);
  if (refusal.current !== undefined && target && !singleton) {
    await takeServerRow(db, target.kind, target.id, refusal.current);
  }
}
