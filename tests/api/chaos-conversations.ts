/**
 * Conversations in the chaos test (issue 37): customers write through the sandbox gateway (the
 * built-in WhatsApp stand-in, its page's own POST), two phones open threads and type replies
 * online or offline through the device's own outbox (src/db/conversations-replies.ts, the reply
 * box's code), and the devices' clock moves past the hour. Invariants, after every step: every
 * reply the owner typed reaches the gateway at most once, whatever kills, lost answers and
 * replays happen; a reply goes by itself only while younger than an hour, else it stays held on
 * its phone until the owner sends or discards it; nothing typed is lost. After quiescing: every
 * young reply sent, and each chat's unread count on the server is the log's (customer messages
 * since the last read mark or reply that reached it) and the same on both phones.
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { sandboxMessages } from '../../server/db/schema';
import { ensureConnection, saveState } from '../../server/services/whatsapp/connections';
import { sandboxPageToken } from '../../server/services/whatsapp/sandbox-adapter';
import {
  discardReply,
  flushReplies,
  type HeldReply,
  keepReply,
} from '../../src/db/conversations-replies';
import { markReadOnDevice } from '../../src/db/conversations-repo';
import { REPLY_MAX_AGE_MS, SENDING_STALE_MS } from '../../src/domain/conversation-reply';
import { send } from '../../src/lib/api';
import type { Committed, Device, Server } from './chaos-harness';
import { ORIGIN } from './chaos-harness';
import type { Owner } from './fixtures';

/** The two phones that read and answer chats (devices 0 and 1 of the world). */
export const CHAT_PHONES = 2;
export const CHATS = 2;
const REPLY_PREFIX = 'Resposta ';

export type ConversationOp =
  | { t: 'customerWrites'; chat: number }
  | { t: 'phoneReplies'; d: number; chat: number }
  | { t: 'openThread'; d: number; chat: number }
  /** The reply box's pass (on reconnect, on its timer). */
  | { t: 'replyPass'; d: number }
  /** The owner on a held reply: 'Enviar mesmo assim' or 'Descartar'. */
  | { t: 'decideHeld'; d: number; discard: boolean }
  /** The phones' clock moves on (minutes). */
  | { t: 'later'; minutes: number };

export const conversationOpArbs = () => {
  const d = fc.integer({ min: 0, max: CHAT_PHONES - 1 });
  const chat = fc.integer({ min: 0, max: CHATS - 1 });
  return [
    { arbitrary: fc.record({ t: fc.constant('customerWrites' as const), chat }), weight: 3 },
    { arbitrary: fc.record({ t: fc.constant('phoneReplies' as const), d, chat }), weight: 3 },
    { arbitrary: fc.record({ t: fc.constant('openThread' as const), d, chat }), weight: 2 },
    { arbitrary: fc.record({ t: fc.constant('replyPass' as const), d }), weight: 1 },
    {
      arbitrary: fc.record({ t: fc.constant('decideHeld' as const), d, discard: fc.boolean() }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        t: fc.constant('later' as const),
        minutes: fc.constantFrom(10, 35, 70),
      }),
      weight: 2,
    },
  ];
};

const KINDS = new Set<string>(['customerWrites', 'phoneReplies', 'openThread']);
for (const k of ['replyPass', 'decideHeld', 'later']) KINDS.add(k);
export const isConversationOp = (op: { t: string }): op is ConversationOp => KINDS.has(op.t);

/** Whether a committed mutation is the conversations' (the other models skip it). */
export const isConversationPath = (path: string) =>
  path.startsWith('/api/conversas/') || path.startsWith('/sandbox/');

/** Totals over a run (the chaos test prints them). */
export const conversationStats = {
  customer: 0,
  replies: 0,
  sent: 0,
  held: 0,
  forced: 0,
  discarded: 0,
  reads: 0,
};

class ConversationInvariantError extends Error {}
function check(condition: boolean, message: string, detail?: unknown): asserts condition {
  if (!condition) throw new ConversationInvariantError(`${message}: ${JSON.stringify(detail)}`);
}

/** A reply typed on a phone, as the model remembers it. */
type Typed = { d: number; reply: HeldReply; discarded: boolean };

export class ConversationChaos {
  /** The devices' clock (ms): keepReply and the outbox passes read it. */
  clock = Date.now();
  private sandboxKey: string | null = null;
  private readonly typed = new Map<string, Typed>();
  private readonly delivered = new Set<string>();
  private written = 0;
  readonly stats = conversationStats;

  constructor(
    private readonly server: Server,
    private readonly owner: Owner,
    private readonly devices: readonly Device[],
    private readonly chatPhone: (chat: number) => string,
  ) {}

  /** The store's WhatsApp linked to the sandbox (its page "scanned"), once per sequence. */
  private async link(): Promise<string> {
    if (this.sandboxKey) return this.sandboxKey;
    const row = await ensureConnection(this.server.db, this.owner.storeId, 'sandbox');
    await saveState(this.server.db, this.owner.storeId, 'connected');
    this.sandboxKey = sandboxPageToken(row.webhookSecret);
    return this.sandboxKey;
  }

  async apply(op: ConversationOp): Promise<'skipped' | undefined> {
    if (op.t === 'later') {
      this.clock += op.minutes * 60_000;
      return;
    }
    if (op.t === 'customerWrites') {
      const k = await this.link();
      const res = await this.server.request(
        new Request(`${ORIGIN}/sandbox/${this.owner.storeId}/messages?k=${k}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Cliente ${op.chat}`,
            phone: this.chatPhone(op.chat),
            text: `Pergunta ${++this.written}`,
          }),
        }),
      );
      check(res.status === 200, 'the sandbox took the customer message', await res.text());
      this.stats.customer++;
      return;
    }
    const device = this.devices[op.d] as Device;
    if (op.t === 'replyPass') {
      await device.guarded(() => flushReplies(device.ctx, this.clock));
      return this.afterPass(device, op.d, false);
    }
    if (op.t === 'decideHeld') {
      const held = (await device.db.chatReplies.toArray()).find((r) => r.state === 'held');
      if (!held) return 'skipped';
      if (op.discard) {
        const typed = this.typed.get(held.id);
        if (typed) typed.discarded = true;
        this.stats.discarded++;
        await device.guarded(() => discardReply(device.db, held.id));
        return;
      }
      this.stats.forced++;
      await device.guarded(() => flushReplies(device.ctx, this.clock, held.id));
      return this.afterPass(device, op.d, true);
    }
    // A thread is opened (or answered) only from the list: a chat the phone has pulled.
    const phone = this.chatPhone(op.chat);
    if (!(await device.db.conversations.where('phone').equals(phone).first())) return 'skipped';
    if (op.t === 'openThread') {
      // As use-thread.ts: read at once here, then POST .../lida (queued by the worker offline).
      this.stats.reads++;
      await device.guarded(async () => {
        await markReadOnDevice(device.db, phone);
        await send(device.ctx.transport, 'POST', `/api/conversas/${phone}/lida`).catch(() => {});
      });
      return;
    }
    // As the reply box: kept on the phone, then a pass (it sends at once when online).
    const text = `${REPLY_PREFIX}${++this.written} do telefone ${op.d}`;
    const reply = await keepReply(device.db, phone, text, this.clock);
    this.typed.set(reply.id, { d: op.d, reply, discarded: false });
    this.stats.replies++;
    await device.guarded(() => flushReplies(device.ctx, this.clock));
    return this.afterPass(device, op.d, false);
  }

  /** After a pass of device d's outbox: nothing it left waiting is an hour old. */
  private async afterPass(device: Device, d: number, forced: boolean): Promise<undefined> {
    await this.checkDelivered(forced);
    for (const r of await device.db.chatReplies.toArray()) {
      check(
        r.state !== 'waiting' || this.clock - r.createdAt < REPLY_MAX_AGE_MS,
        `device ${d}: a reply an hour old left waiting by a pass (it must be held)`,
        r,
      );
      if (r.state === 'held') this.stats.held++;
    }
    return undefined;
  }

  /**
   * What the gateway delivered: each typed reply at most once, and one that went in a pass the
   * owner did not force was younger than an hour on that pass's clock.
   */
  private async checkDelivered(forced: boolean): Promise<void> {
    if (!this.sandboxKey) return;
    const rows = await this.server.db
      .select({ text: sandboxMessages.text, to: sandboxMessages.toNumber })
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.storeId, this.owner.storeId)));
    const texts = rows.map((r) => r.text).filter((t) => t.startsWith(REPLY_PREFIX));
    check(new Set(texts).size === texts.length, 'a reply reached the gateway twice', texts);
    for (const text of texts) {
      if (this.delivered.has(text)) continue;
      const typed = [...this.typed.values()].find((t) => t.reply.text === text);
      check(typed !== undefined, 'the gateway delivered a reply nobody typed', text);
      check(
        forced || this.clock - typed.reply.createdAt < REPLY_MAX_AGE_MS,
        'a reply an hour old went by itself',
        { text, age: this.clock - typed.reply.createdAt },
      );
      this.delivered.add(text);
      this.stats.sent++;
    }
  }

  /** After every step: what was typed and neither sent nor discarded is still on its phone. */
  async afterStep(): Promise<void> {
    if (this.typed.size === 0) return;
    await this.checkDelivered(true);
    for (const t of this.typed.values()) {
      if (t.discarded || this.delivered.has(t.reply.text)) continue;
      const kept = await (this.devices[t.d] as Device).db.chatReplies.get(t.reply.id);
      check(kept !== undefined, `device ${t.d}: a typed reply vanished before it was sent`, t);
    }
  }

  /**
   * From the committed log, each chat's unread count: customer messages since the last read
   * mark or owner reply the server took (a read mark replayed late reads what came before it).
   */
  private expectedUnread(committed: readonly Committed[]): Map<string, number> {
    const unread = new Map<string, number>();
    for (const c of committed) {
      if (c.path.startsWith('/sandbox/')) {
        const { phone } = JSON.parse(c.body ?? '{}') as { phone: string };
        unread.set(phone, (unread.get(phone) ?? 0) + 1);
        continue;
      }
      const [, , table, phone, action] = c.path.split('/');
      if (table !== 'conversas' || phone === undefined) continue;
      if (action === 'lida' || action === 'mensagens') unread.set(phone, 0);
    }
    return unread;
  }

  /**
   * After quiescing (every phone online, queues replayed): a last pass of each outbox, a pull,
   * then every young reply is sent, every old one sent or held or discarded, and read state
   * converged on the server and both phones.
   */
  async checkEnd(committed: () => readonly Committed[]): Promise<void> {
    if (!this.sandboxKey && this.typed.size === 0) return;
    // A send whose answer never came is tried again once it is stale (SENDING_STALE_MS).
    this.clock += SENDING_STALE_MS;
    for (const device of this.devices.slice(0, CHAT_PHONES)) {
      await device.settle();
      check((await device.replay()) === 'done', `${device.name}: the replay did not drain`);
      await flushReplies(device.ctx, this.clock);
    }
    await this.checkDelivered(false);
    for (const t of this.typed.values()) {
      if (t.discarded || this.delivered.has(t.reply.text)) continue;
      const kept = await (this.devices[t.d] as Device).db.chatReplies.get(t.reply.id);
      check(kept?.state === 'held', `device ${t.d}: a reply neither sent nor held`, kept);
      check(this.clock - t.reply.createdAt >= REPLY_MAX_AGE_MS, 'a young reply held', kept);
    }
    for (const device of this.devices) {
      check((await device.pull()) === 'ok', `${device.name}: pull failed`);
    }
    const want = this.expectedUnread(committed());
    const { chats } = (await this.server.read('/api/conversas?limit=200', this.owner.token)) as {
      chats: { phone: string; unread: number }[];
    };
    for (const phone of want.keys()) {
      const chat = chats.find((c) => c.phone === phone);
      check(chat !== undefined, `the chat of ${phone} is listed`, chats);
      check(chat.unread === want.get(phone), `read state: the server's unread of ${phone}`, {
        server: chat.unread,
        log: want.get(phone),
      });
      for (const [i, device] of this.devices.entries()) {
        const mine = await device.db.conversations.where('phone').equals(phone).first();
        check(mine?.unread === chat.unread, `read state converged on device ${i}`, {
          device: mine?.unread,
          server: chat.unread,
        });
      }
    }
  }
}
