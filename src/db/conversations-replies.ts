/**
 * The owner's replies kept on the phone until the server has them (issue 37, decision 025
 * "Device"). Not the worker's queue: a reply that waited offline is sent on reconnect only while
 * younger than an hour (replyAction); older, it is held for the owner ('Enviar mesmo assim' /
 * 'Descartar'). Each reply keeps the Idempotency-Key made when it was typed, so a retry after a
 * lost answer never sends it twice.
 */

import { replyAction } from '~/domain/conversation-reply';
import { errorFromResponse, reportUnauthorized, send } from '~/lib/api';
import type { HeldReply } from './conversations-tables';
import type { TaliDb } from './db';
import type { DeviceContext } from './transport';

export type { HeldReply };

/** What a pass did: how many went, and whether the network failed (the rest wait). */
export type FlushResult = { sent: number; offline: boolean; refused: number };

/**
 * Keeps the reply on the phone ('aguardando conexão' until a pass sends it). Its time is after
 * every reply kept before, so two typed in the same millisecond still go in their order.
 */
export async function keepReply(
  db: TaliDb,
  phone: string,
  text: string,
  now = Date.now(),
): Promise<HeldReply> {
  return db.transaction('rw', db.chatReplies, async () => {
    const last = await db.chatReplies.orderBy('createdAt').last();
    const createdAt = Math.max(now, (last?.createdAt ?? 0) + 1);
    const reply: HeldReply = { id: crypto.randomUUID(), phone, text, createdAt, state: 'waiting' };
    await db.chatReplies.put(reply);
    return reply;
  });
}

/** The owner gave up on a reply. */
export function discardReply(db: TaliDb, id: string): Promise<void> {
  return db.chatReplies.delete(id);
}

/** A chat's replies not taken yet, oldest first. */
export function repliesOf(db: TaliDb, phone: string): Promise<HeldReply[]> {
  return db.chatReplies.where('phone').equals(phone).sortBy('createdAt');
}

/** Whether any reply waits to be sent by a pass (for the retry timer). */
export async function hasWaitingReplies(db: TaliDb): Promise<boolean> {
  return (await db.chatReplies.filter((r) => r.state === 'waiting').count()) > 0;
}

/** Claims the replies to send now (state 'sending'), and holds those too old, in one transaction. */
function claim(db: TaliDb, now: number, forcedId?: string): Promise<HeldReply[]> {
  return db.transaction('rw', db.chatReplies, async () => {
    const all = await db.chatReplies.orderBy('createdAt').toArray();
    const due: HeldReply[] = [];
    for (const reply of all) {
      if (forcedId !== undefined && reply.id !== forcedId) continue;
      const action = replyAction(reply, now, reply.id === forcedId);
      if (action === 'leave') continue;
      const next: HeldReply =
        action === 'send'
          ? { ...reply, state: 'sending', sendingSince: now }
          : { ...reply, state: 'held' };
      delete next.error;
      delete next.disconnected;
      await db.chatReplies.put(next);
      if (action === 'send') due.push(next);
    }
    return due;
  });
}

/** Back to 'waiting' (the network failed, or the server asked to come back later). */
async function backToWaiting(db: TaliDb, reply: HeldReply): Promise<void> {
  const { sendingSince: _since, ...rest } = reply;
  await db.chatReplies.put({ ...rest, state: 'waiting' });
}

type Outcome = 'sent' | 'offline' | 'later' | 'refused';

async function sendOne(ctx: DeviceContext, reply: HeldReply): Promise<Outcome> {
  let res: Response;
  try {
    res = await send(ctx.transport, 'POST', `/api/conversas/${reply.phone}/mensagens`, {
      body: { text: reply.text },
      headers: { 'Idempotency-Key': reply.id },
    });
  } catch {
    await backToWaiting(ctx.db, reply);
    return 'offline';
  }
  // 201 sent, 202 its outcome unknown (the thread shows it pending, never resent on a guess);
  // an older worker that still queued it answers { queued: true }: its queue sends it once.
  if (res.ok) {
    await ctx.db.chatReplies.delete(reply.id);
    return 'sent';
  }
  if (res.status === 401) {
    await backToWaiting(ctx.db, reply);
    reportUnauthorized();
    return 'offline';
  }
  if (res.status === 429 || res.status === 503 || res.status === 500 || res.status === 504) {
    await backToWaiting(ctx.db, reply);
    return 'later';
  }
  const error = await errorFromResponse(res);
  const { sendingSince: _since, ...rest } = reply;
  await ctx.db.chatReplies.put({
    ...rest,
    state: 'refused',
    error: error.message,
    ...(res.status === 409 ? { disconnected: true } : {}),
  });
  return 'refused';
}

/**
 * Sends what is due, oldest first; holds what is too old. `forcedId`: only that reply, whatever
 * its age or refusal ('Enviar mesmo assim', 'Tentar de novo'). Stops at the first network failure.
 */
export async function flushReplies(
  ctx: DeviceContext,
  now = Date.now(),
  forcedId?: string,
): Promise<FlushResult> {
  const due = await claim(ctx.db, now, forcedId);
  const result: FlushResult = { sent: 0, offline: false, refused: 0 };
  for (const [i, reply] of due.entries()) {
    const outcome = await sendOne(ctx, reply);
    if (outcome === 'sent') result.sent++;
    if (outcome === 'refused') result.refused++;
    if (outcome === 'offline' || outcome === 'later') {
      result.offline = outcome === 'offline';
      // The rest were claimed too: they wait for the next pass, in their order.
      for (const rest of due.slice(i + 1)) await backToWaiting(ctx.db, rest);
      break;
    }
  }
  return result;
}
