/**
 * Photo uploads through the worker's queue (issue 21): the body is an image's bytes, not JSON.
 * A photo queued offline, or sent directly by a worker that dies before the answer, reaches the
 * server byte for byte, alone (never in a replay batch), and only once.
 */
import { describe, expect, it, vi } from 'vitest';
import { TaliDb } from '../src/db/db';
import { handleMutation } from './mutation-queue';
import { createReplayer } from './replay';
import { createReplayStore } from './replay-store';
import { batchAware, json, MemoryQueue, mutation } from './test-helpers';

const PRODUCT = '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f';
const PHOTO = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const PATH = `/api/products/${PRODUCT}/photos/${PHOTO}`;

/** Bytes that are not valid UTF-8: read as text anywhere, they would come back different. */
const BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x80, 0x81, 0xfe, 0x00, 0xc3, 0x28, 0xff]);

function photoPut(): Request {
  return new Request(`https://tali.test${PATH}`, {
    method: 'PUT',
    headers: {
      'Idempotency-Key': 'photo-key',
      'X-Tali-Entity': `product-photo:${PHOTO}`,
      Authorization: 'Bearer tok',
      'Content-Type': 'image/jpeg',
    },
    body: BYTES,
  });
}

/** The worker's side with no network: every request queued for `replayer`. */
function offlineWorker(queue: MemoryQueue, replayer: ReturnType<typeof createReplayer>) {
  return {
    queue: {
      pushRequest: (e: Parameters<typeof replayer.push>[0]) => replayer.push(e),
      size: () => queue.size(),
    },
    fetch: async () => {
      throw new TypeError('Failed to fetch');
    },
    isReplaying: () => replayer.busy,
    userId: async () => 'u1',
    onQueued: async () => {},
  };
}

async function device() {
  const db = new TaliDb(`photo-${crypto.randomUUID()}`);
  await db.meta.bulkPut([
    { key: 'token', value: 'tok' },
    { key: 'userId', value: 'u1' },
  ]);
  return db;
}

type Received = { path: string; bytes: number[] };

async function record(r: Request, into: Received[]): Promise<void> {
  into.push({
    path: `${r.method} ${new URL(r.url).pathname}`,
    bytes: [...new Uint8Array(await r.arrayBuffer())],
  });
}

/** A worker (started again) whose server records what reaches it and answers `status`. */
function recordingReplayer(queue: MemoryQueue, db: TaliDb, status: number) {
  const received: Received[] = [];
  const replayer = createReplayer({
    queue,
    store: createReplayStore(db, () => crypto.randomUUID()),
    fetch: batchAware(async (r) => {
      await record(r, received);
      return json(status, {});
    }),
    announce: () => {},
  });
  return { replayer, received };
}

describe('a photo upload in the queue', () => {
  it('is queued offline and replayed alone, byte for byte, after the product it belongs to', async () => {
    const db = await device();
    const queue = new MemoryQueue();
    const replayer = createReplayer({
      queue,
      store: createReplayStore(db, () => crypto.randomUUID()),
      fetch: async () => json(200, {}),
      announce: () => {},
    });
    const offline = offlineWorker(queue, replayer);
    const create = mutation('POST', '/api/products', {
      body: { id: PRODUCT, name: 'Bolo', price: '10.00' },
      entity: `product:${PRODUCT}`,
      token: 'tok',
    });
    expect((await handleMutation(create, offline)).status).toBe(202);
    expect((await handleMutation(photoPut(), offline)).status).toBe(202);

    const { replayer: online, received } = recordingReplayer(queue, db, 200);
    expect(await online.replay()).toBe('done');
    expect(received.map((r) => r.path)).toEqual(['POST /api/products', `PUT ${PATH}`]);
    expect(received[1]?.bytes).toEqual([...BYTES]);
  });

  it('is sent again byte for byte when the worker died while sending it directly', async () => {
    const db = await device();
    const queue = new MemoryQueue();
    const dying = createReplayer({
      queue,
      store: createReplayStore(db, () => crypto.randomUUID()),
      fetch: async () => json(200, {}),
      announce: () => {},
    });
    let onTheWire = false;
    void handleMutation(photoPut(), {
      queue: { pushRequest: (e) => dying.push(e), size: () => queue.size() },
      fetch: async () => {
        onTheWire = true;
        return new Promise<Response>(() => {});
      },
      isReplaying: () => dying.busy,
      userId: async () => 'u1',
      onQueued: async () => {},
      guardDirect: (entry) => dying.guardDirect(entry),
    });
    await vi.waitFor(() => expect(onTheWire).toBe(true), { timeout: 5000 });

    // Restarted: the copy kept in IndexedDB is all that is left of the upload.
    const { replayer: next, received } = recordingReplayer(queue, db, 201);
    expect(await next.replay()).toBe('done');
    expect(received).toEqual([{ path: `PUT ${PATH}`, bytes: [...BYTES] }]);
    expect(await next.replay()).toBe('done');
    expect(received).toHaveLength(1);
  });
});

describe('a photo upload answered 410', () => {
  it('is done (the photo was removed before its upload arrived), not a refusal to show', async () => {
    const db = await device();
    const queue = new MemoryQueue();
    const { replayer } = recordingReplayer(queue, db, 410);
    const offline = offlineWorker(queue, replayer);
    expect((await handleMutation(photoPut(), offline)).status).toBe(202);
    expect(await replayer.replay()).toBe('done');
    expect(await db.deadLetters.count()).toBe(0);
    expect(await queue.size()).toBe(0);
  });

  it('takes the photo off the phone, even with the app closed (the chaos test, seed 1051439425)', async () => {
    const db = await device();
    await db.photos.add({
      id: PHOTO,
      productId: PRODUCT,
      position: 0,
      blob: new Blob([BYTES], { type: 'image/jpeg' }),
      width: 64,
      height: 48,
      state: 'waiting',
    });
    const queue = new MemoryQueue();
    const { replayer } = recordingReplayer(queue, db, 410);
    const offline = offlineWorker(queue, replayer);
    expect((await handleMutation(photoPut(), offline)).status).toBe(202);
    expect(await replayer.replay()).toBe('done');
    // Removed on another phone before the upload arrived: not left 'waiting' here for ever.
    expect(await db.photos.get(PHOTO)).toBeUndefined();
  });

  it("still a refusal for a product's edit (a deleted product is the owner's to know)", async () => {
    const db = await device();
    const queue = new MemoryQueue();
    const { replayer } = recordingReplayer(queue, db, 410);
    await replayer.push({
      request: mutation('PUT', `/api/products/${PRODUCT}`, {
        body: { name: 'Bolo' },
        entity: `product:${PRODUCT}`,
        token: 'tok',
      }),
      metadata: { entity: `product:${PRODUCT}`, userId: 'u1', queuedAt: Date.now(), qid: 'q1' },
    });
    expect(await replayer.replay()).toBe('done');
    expect(await db.deadLetters.count()).toBe(1);
  });
});

describe('a photo upload answered 2xx by the replay', () => {
  it('is no longer waiting on the phone, even with the app closed (the chaos test, seed -2011613457)', async () => {
    const db = await device();
    await db.photos.add({
      id: PHOTO,
      productId: PRODUCT,
      position: 0,
      blob: new Blob([BYTES], { type: 'image/jpeg' }),
      width: 64,
      height: 48,
      state: 'waiting',
    });
    const queue = new MemoryQueue();
    const { replayer } = recordingReplayer(queue, db, 201);
    const offline = offlineWorker(queue, replayer);
    expect((await handleMutation(photoPut(), offline)).status).toBe(202);
    expect(await replayer.replay()).toBe('done');
    // No page heard the announcement: the worker says it itself. 'uploaded', so the pull's
    // prune takes it off when another phone removes it; `full` until the page shrinks it.
    const photo = await db.photos.get(PHOTO);
    expect(photo?.state).toBe('uploaded');
    expect(photo?.full).toBe(true);
    expect(await queue.size()).toBe(0);
  });
});
