/**
 * The worker acknowledges a replayed mutation by the edit stamp it carried (X-Tali-Stamp), the
 * page's rule (src/db/pending.ts). Before, it acknowledged a tag once nothing for it was queued,
 * so a change the page wrote while the previous one was on the wire, its own request not queued
 * yet, was cleared with it: the singleton race of decision 009.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaliDb } from '../src/db/db';
import { pendingSettings, writePendingSetting } from '../src/db/pending-settings';
import { handleMutation } from './mutation-queue';
import { createReplayer } from './replay';
import { createReplayStore } from './replay-store';
import { batchAware, json, MemoryQueue, mutation } from './test-helpers';

const ID = '5b0d7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
let db: TaliDb;
let queue: MemoryQueue;
/** What the page does while a request is on the wire (called once, before the answer). */
let duringSend: (() => Promise<void>) | null;

beforeEach(async () => {
  db = new TaliDb(`ack-stamp-${crypto.randomUUID()}`);
  await db.meta.bulkPut([
    { key: 'token', value: 't' },
    { key: 'userId', value: 'u1' },
  ]);
  queue = new MemoryQueue();
  duringSend = null;
});
afterEach(() => db.delete());

function replayer() {
  return createReplayer({
    queue,
    store: createReplayStore(db, () => crypto.randomUUID()),
    fetch: batchAware(async () => {
      const page = duringSend;
      duringSend = null;
      await page?.();
      return json(200, { id: ID, revision: 3 });
    }),
    announce: () => {},
  });
}

/** Queued offline by the worker, as the page sent it. */
async function queueOffline(request: Request): Promise<void> {
  const res = await handleMutation(request, {
    queue,
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    isReplaying: () => false,
    userId: async () => 'u1',
    onQueued: async () => {},
  });
  expect(res.status).toBe(202);
}

const putBot = (botAtivo: boolean, stamp?: number) =>
  mutation('PUT', '/api/stores/bot-config', { body: { botAtivo }, entity: 'bot-config:me', stamp });

async function writeRow(updatedAt: number, name: string): Promise<void> {
  await db.products.put({
    id: ID,
    name,
    description: '',
    price: '10.00',
    priceCents: 1000,
    active: 1,
    searchKey: name.toLowerCase(),
    revision: 1,
    pending: 1,
    updatedAt,
  });
}
const putRow = (name: string, stamp?: number) =>
  mutation('PUT', `/api/products/${ID}`, {
    body: { name, description: '', price: '10.00', active: true },
    entity: `product:${ID}`,
    stamp,
  });

describe('acknowledging a replayed mutation by its stamp', () => {
  it('keeps a settings change written while the previous one was being sent', async () => {
    await writePendingSetting(db, 'bot-config', { botAtivo: true }, 100);
    await queueOffline(putBot(true, 100));
    // The owner saves again while that PUT is on the wire; its own PUT is not queued yet.
    duringSend = () => writePendingSetting(db, 'bot-config', { botAtivo: false }, 200);
    expect(await replayer().replay()).toBe('done');
    expect(await pendingSettings(db)).toEqual([
      { kind: 'bot-config', body: { botAtivo: false }, updatedAt: 200 },
    ]);

    // Its PUT arrives and is replayed: now the server holds it.
    await queueOffline(putBot(false, 200));
    expect(await replayer().replay()).toBe('done');
    expect(await pendingSettings(db)).toEqual([]);
  });

  it('keeps a row pending when it was saved again while its previous edit was being sent', async () => {
    await writeRow(100, 'Café');
    await queueOffline(putRow('Café', 100));
    duringSend = () => writeRow(200, 'Café forte');
    expect(await replayer().replay()).toBe('done');
    expect(await db.products.get(ID)).toMatchObject({ name: 'Café forte', pending: 1 });

    await queueOffline(putRow('Café forte', 200));
    expect(await replayer().replay()).toBe('done');
    expect(await db.products.get(ID)).toMatchObject({ name: 'Café forte', pending: 0 });
  });

  it('still acknowledges, when nothing for the row is left, an entry queued without a stamp', async () => {
    // Queued by a worker before stamps, or a refused change sent again from its list.
    await writeRow(100, 'Café');
    await queueOffline(putRow('Café'));
    expect(await replayer().replay()).toBe('done');
    expect((await db.products.get(ID))?.pending).toBe(0);
  });

  it('leaves a row pending while a later mutation for it is still queued', async () => {
    await writeRow(100, 'Café');
    await queueOffline(putRow('Café', 100));
    await writeRow(200, 'Café forte');
    await queueOffline(putRow('Café forte', 200));
    let pendingBetween: number | undefined;
    // The second send: the first one has settled by then.
    duringSend = async () => {
      duringSend = async () => {
        pendingBetween = (await db.products.get(ID))?.pending;
      };
    };
    const r = createReplayer({
      queue,
      store: createReplayStore(db, () => crypto.randomUUID()),
      // One at a time: each settles before the next is sent.
      fetch: async () => {
        const page = duringSend;
        duringSend = null;
        await page?.();
        return json(200, { id: ID, revision: 3 });
      },
      announce: () => {},
      maxBatch: 1,
    });
    expect(await r.replay()).toBe('done');
    expect(pendingBetween).toBe(1);
    expect((await db.products.get(ID))?.pending).toBe(0);
  });
});
