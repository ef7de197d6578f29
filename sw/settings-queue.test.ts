/** The worker's rules for the store's settings (singletons): queued offline, replayed in order, acknowledged, refused. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaliDb } from '../src/db/db';
import { pendingSettings, writePendingSetting } from '../src/db/pending-settings';
import {
  batchAware,
  json,
  MemoryQueue,
  mutation,
  queueableOf,
  queueOffline,
  signedInDevice,
  testReplayer,
} from './test-helpers';

let db: TaliDb;
let queue: MemoryQueue;
let sent: { method: string; path: string; body: string }[];
let answer: (request: Request, body: string) => Response;

beforeEach(async () => {
  db = await signedInDevice('settings-queue', [
    { key: 'store', value: { name: 'Antiga', phone: '31988887777' } },
  ]);
  queue = new MemoryQueue();
  sent = [];
  answer = () => json(200, {});
});
afterEach(() => db.delete());

function replayer() {
  return testReplayer(
    db,
    queue,
    batchAware(async (request) => {
      const body = await request.text();
      sent.push({ method: request.method, path: new URL(request.url).pathname, body });
      return answer(request, body);
    }),
  );
}

/** What the page does offline: keep the body on the device, then the worker queues the PUT. */
async function saveOffline(
  kind: 'store-data' | 'store-hours' | 'bot-config',
  path: string,
  body: object,
  stamp: number,
) {
  await writePendingSetting(db, kind, body, stamp);
  const res = await queueOffline(queue, mutation('PUT', path, { body, entity: `${kind}:me` }));
  expect(res.status).toBe(202);
  expect(await res.json()).toEqual({ queued: true });
}

describe('settings in the worker queue', () => {
  it('queues PUT /api/stores/me and /api/stores/bot-config, not store creation or reads', () => {
    const queued = ['PUT /api/stores/me', 'PUT /api/stores/bot-config'];
    const notQueued = ['POST /api/stores', 'POST /api/stores/me', 'GET /api/stores/me'];
    expect(queueableOf([...queued, ...notQueued, 'PUT /api/stores/public-url'])).toEqual(queued);
  });

  it('replays queued settings alone and in order (last one wins) and then clears the pending bodies', async () => {
    await saveOffline('store-data', '/api/stores/me', { name: 'Primeira' }, 1);
    await saveOffline('store-hours', '/api/stores/me', { businessHours: { seg: null } }, 2);
    await saveOffline('store-data', '/api/stores/me', { name: 'Segunda' }, 3);
    await saveOffline('bot-config', '/api/stores/bot-config', { botAtivo: true }, 4);
    expect((await pendingSettings(db)).map((p) => p.kind)).toEqual([
      'store-hours',
      'store-data',
      'bot-config',
    ]);

    expect(await replayer().replay()).toBe('done');

    expect(sent.map((s) => `${s.method} ${s.path} ${s.body}`)).toEqual([
      'PUT /api/stores/me {"name":"Primeira"}',
      'PUT /api/stores/me {"businessHours":{"seg":null}}',
      'PUT /api/stores/me {"name":"Segunda"}',
      'PUT /api/stores/bot-config {"botAtivo":true}',
    ]);
    expect(await pendingSettings(db)).toEqual([]);
    // What the server now holds is what the device reads offline.
    expect((await db.meta.get('store'))?.value).toMatchObject({ name: 'Segunda', botAtivo: true });
  });

  it('a refusal becomes a dead letter with the server message; the body stays pending, the rest goes on', async () => {
    await saveOffline('store-data', '/api/stores/me', { phone: '123' }, 1);
    await saveOffline('bot-config', '/api/stores/bot-config', { botAtivo: false }, 2);
    answer = (request) =>
      new URL(request.url).pathname === '/api/stores/me'
        ? json(400, { message: 'Telefone inválido' })
        : json(200, {});

    expect(await replayer().replay()).toBe('done');

    expect(sent).toHaveLength(2);
    const letters = await db.deadLetters.toArray();
    expect(letters).toMatchObject([
      {
        entity: 'store-data',
        entityId: 'me',
        status: 400,
        message: 'Telefone inválido',
        body: '{"phone":"123"}',
      },
    ]);
    expect(await pendingSettings(db)).toMatchObject([
      { kind: 'store-data', body: { phone: '123' } },
    ]);
  });

  it('a network error keeps the setting queued and pending', async () => {
    await saveOffline('store-hours', '/api/stores/me', { businessHours: {} }, 1);
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await replayer().replay();
    expect(await queue.size()).toBe(1);
    expect(await pendingSettings(db)).toHaveLength(1);
  });
});
