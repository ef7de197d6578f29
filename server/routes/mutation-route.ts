/** The HTTP side of a catalogue mutation route: reads the request, runs the table's entry, answers. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { EntityKind } from '../../src/domain/sync/registry';
import { IDEMPOTENCY_HEADER, type Reply } from '../db/idempotency';
import { readBodyText } from '../http';
import type { Operation } from '../services/registry/mutations';
import { runMutation } from '../services/registry/run-mutation';
import type { AppEnv } from '../types';

export function answerReply(c: Context<AppEnv>, reply: Reply): Response {
  if (reply.status === 204) return c.body(null, 204);
  return c.json(reply.body, reply.status as ContentfulStatusCode);
}

/** The Hono handler of one entry of the mutation table (services/registry/mutations.ts). */
export function mutationRoute(kind: EntityKind, operation: Operation) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const { db, now } = c.var.deps;
    const { reply, replayed } = await runMutation(db, c.var.storeId, now(), {
      address: { kind, operation, id: c.req.param('id') ?? null },
      route: `${c.req.method} ${c.req.path}`,
      idempotencyKey: c.req.header(IDEMPOTENCY_HEADER),
      body: operation === 'delete' ? null : await readBodyText(c),
    });
    if (replayed) c.header('Idempotent-Replayed', 'true');
    return answerReply(c, reply);
  };
}
