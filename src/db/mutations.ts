/**
 * Sends one mutation to the API the way the service worker expects (src/domain/sync/protocol.ts): with an
 * Idempotency-Key and the X-Tali-Entity tag, and tells the caller whether it reached the server,
 * was queued for later, or was refused (then recorded as a dead letter the owner can act on).
 */

import { currentIn } from '~/domain/error-message';
import type { EntityKind, SingletonKind } from '~/domain/sync/entities';
import { ENTITY_HEADER, entityTag, IDEMPOTENCY_HEADER, STAMP_HEADER } from '~/domain/sync/protocol';
import { errorFromResponse, isQueued, send, UnauthorizedError } from '~/lib/api';
import { recordRefusal } from './refusals';
import type { DeviceContext } from './transport';

export type { EntityKind } from '~/domain/sync/entities';

export type Mutation = {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  entity: { kind: EntityKind | SingletonKind; id: string } | null;
  /** A fresh UUID per mutation unless the caller must reuse one (e.g. a retried import). */
  idempotencyKey?: string;
  /** The X-Tali-Entity tag when it names no single row (a CSV import: importTag). */
  tag?: string;
  /** Statuses that mean the goal is already reached (a DELETE answered 404: already gone). */
  okStatuses?: number[];
  /** The edit stamp of the local state sent: the worker acknowledges a replay by it (X-Tali-Stamp). */
  stamp?: number;
};

export type MutationResult =
  /** The server answered 2xx: `data` is its JSON body (undefined for 204). */
  | { status: 'sent'; httpStatus: number; data: unknown }
  /** Offline: the service worker keeps it and replays it in order later. */
  | { status: 'queued' }
  /** Not delivered and not queued (4xx, 5xx, no worker): recorded in db.deadLetters. */
  | { status: 'refused'; httpStatus: number; message: string }
  /** 401: the session is over; the page must send the owner to /login. */
  | { status: 'unauthorized'; message: string };

const NETWORK_MESSAGE = 'Sem conexão com o servidor. Tente novamente quando estiver online.';

export async function sendMutation(
  mutation: Mutation,
  ctx: DeviceContext,
): Promise<MutationResult> {
  const extra: Record<string, string> = {
    [IDEMPOTENCY_HEADER]: mutation.idempotencyKey ?? crypto.randomUUID(),
  };
  if (mutation.entity) extra[ENTITY_HEADER] = entityTag(mutation.entity.kind, mutation.entity.id);
  else if (mutation.tag) extra[ENTITY_HEADER] = mutation.tag;
  if (mutation.stamp !== undefined) extra[STAMP_HEADER] = String(mutation.stamp);
  let res: Response;
  try {
    res = await send(ctx.transport, mutation.method, mutation.url, {
      headers: extra,
      body: mutation.body,
    });
  } catch {
    // No service worker controls the page (first visit, private mode): nothing queued it.
    return refuse(mutation, 0, NETWORK_MESSAGE, ctx);
  }
  if (res.ok || mutation.okStatuses?.includes(res.status)) {
    const data = await readJson(res);
    if (res.status === 202 && isQueued(data)) return { status: 'queued' };
    return { status: 'sent', httpStatus: res.status, data };
  }
  const error = await errorFromResponse(res);
  if (error instanceof UnauthorizedError) return { status: 'unauthorized', message: error.message };
  return refuse(mutation, res.status, error.message, ctx, currentIn(error.body));
}

async function readJson(res: Response): Promise<unknown> {
  // A body cut off or not JSON (a proxy's error page) reads as none: the status still decides.
  const text = await res.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function refuse(
  mutation: Mutation,
  httpStatus: number,
  message: string,
  ctx: DeviceContext,
  current?: unknown,
): Promise<MutationResult> {
  await recordRefusal(ctx.db, {
    method: mutation.method,
    url: mutation.url,
    body:
      mutation.body === undefined || mutation.body instanceof Blob
        ? null
        : JSON.stringify(mutation.body),
    status: httpStatus,
    message,
    entity: mutation.entity ? entityTag(mutation.entity.kind, mutation.entity.id) : null,
    ...(current === undefined ? {} : { current }),
  });
  return { status: 'refused', httpStatus, message };
}
