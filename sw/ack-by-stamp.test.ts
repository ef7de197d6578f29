/**
 * The worker acknowledges a replayed mutation by the edit stamp it carried (X-Tali-Stamp), the
 * page's rule (src/db/pending.ts). Before, it acknowledged a tag once nothing for it was queued,
 * so a change the page wrote while the previous one was on the wire, its own request not queued
 * yet, was cleared with it: the singleton race of decision 009.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaliDb } from '../src/db/db';
import { pendingSettings, writePendingSetting } from '../src/db/pending-settings';
import type { ReplayDeps } from './replay';
import {
  batchAware,
  json,
  MemoryQueue,
  mutation,
  pendingProduct,
  queueOffline,
  signedInDevice,
  testReplayer,
} from './test-helpers';

const ID = '5b0d7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
let db: TaliDb;
let queue: MemoryQueue;
/** What the page does while a request is on the wire (called once, before the answer). */
let duringSend: (() => Promise<void>) | null;

beforeEach(async () => {
  db = await signedInDevice('ack-stamp');
  queue = new MemoryQueue();
  duringSend = null;
});
afterEach(() => db.delete());

function replayer(more: Partial<ReplayDeps> = {}) {
  return testReplayer(
    db,
    queue,
    batchAware(async () => {
      const page = duringSend;
      duringSend = null;
      await page?.();
      return json(200, { id: ID, revision: 3 });
    }),
    more,
  );
}

/** Queued offline by the worker, as the page sent it. */
async function queueOfflineOk(request: Request): Promise<void> {
  expect((await queueOffline(queue, request)).status).toBe(202);
}

const putBot = (botAtivo: boolean, stamp?: number) =>
  mutation('PUT', '/api/stores/bot-config', { body: { botAtivo }, entity: 'bot-config:me', stamp });

async function writeRow(updatedAt: number, name: string): Promise<void> {
  await db.products.put(pendingProduct(ID, { name, revision: 1, updatedAt }));
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
    await queueOfflineOk(putBot(true, 100));
    // The owner saves again while that PUT is on the wire; its own PUT is not queued yet.
    duringSend = () => writePendingSetting(db, 'bot-config', { botAtivo: false }, 200);
    expect(await replayer().replay()).toBe('done');
    expect(await pendingSettings(db)).toEqual([
      { kind: 'bot-config', body: { botAtivo: false }, updatedAt: 200 },
    ]);

    // Its PUT arrives and is replayed: now the server holds it.
    await queueOfflineOk(putBot(false, 200));
    expect(await replayer().replay()).toBe('done');
    expect(await pendingSettings(db)).toEqual([]);
  });

  it('keeps a row pending when it was saved again while its previous edit was being sent', async () => {
    await writeRow(100, 'Café');
    await queueOfflineOk(putRow('Café', 100));
    duringSend = () => writeRow(200, 'Café forte');
    expect(await replayer().replay()).toBe('done');
    expect(await db.products.get(ID)).toMatchObject({ name: 'Café forte', pending: 1 });

    await queueOfflineOk(putRow('Café forte', 200));
    expect(await replayer().replay()).toBe('done');
    expect(await db.products.get(ID)).toMatchObject({ name: 'Café forte', pending: 0 });
  });

  it('still acknowledges, when nothing for the row is left, an entry queued without a stamp', async () => {
    // Queued by a worker before stamps, or a refused change sent again from its list.
    await writeRow(100, 'Café');
    await queueOfflineOk(putRow('Café'));
    expect(await replayer().replay()).toBe('done');
    expect((await db.products.get(ID))?.pending).toBe(0);
  });

  it('leaves a row pending while a later mutation for it is still queued', async () => {
    await writeRow(100, 'Café');
    await queueOfflineOk(putRow('Café', 100));
    await writeRow(200, 'Café forte');
    await queueOfflineOk(putRow('Café forte', 200));
    let pendingBetween: number | undefined;
    // The second send: the first one has settled by then.
    duringSend = async () => {
      duringSend = async () => {
        pendingBetween = (await db.products.get(ID))?.pending;
      };
    };
    // One at a time: each settles before the next is sent.
    const r = replayer({ maxBatch: 1 });
    expect(await r.replay()).toBe('done');
    expect(pendingBetween).toBe(1);
    expect((await db.products.get(ID))?.pending).toBe(0);
  });
});
