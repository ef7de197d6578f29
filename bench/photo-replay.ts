/**
 * The upload side of a replay of 100 queued photos: the worker sends them one at a time (never
 * batched), so this is 100 sequential PUT /api/products/:id/photos/:photoId of distinct ~1600 px
 * WebP photos, in process, then the same 100 again (a replay after a lost answer: nothing is
 * decoded or stored twice). Run: [TEST_DATABASE_URL=…] npx tsx bench/photo-replay.ts (PHOTOS=100)
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { products } from '../server/db/schema';
import { createOwner } from '../tests/api/fixtures';
import { createTestApp } from '../tests/api/test-app';
import { loadLine, median, percentile } from './offline-kit';

const COUNT = Number(process.env.PHOTOS) || 100;

async function phonePhoto(i: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 200,
      height: 150,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 100 + (i % 50), sigma: 50 },
    },
  })
    .resize(1600, 1200, { kernel: 'cubic' })
    .webp({ quality: 80 })
    .toBuffer();
}

async function leg(kind: 'pglite' | 'postgres') {
  process.env.TEST_DB = kind;
  const t = await createTestApp();
  try {
    const owner = await createOwner(t);
    const productIds = Array.from({ length: COUNT / 5 }, () => randomUUID());
    await t.db
      .insert(products)
      .values(
        productIds.map((id, i) => ({ id, storeId: owner.storeId, name: `P${i}`, price: '1.00' })),
      );
    const uploads = await Promise.all(
      Array.from({ length: COUNT }, async (_, i) => ({
        productId: productIds[Math.floor(i / 5)] ?? '',
        photoId: randomUUID(),
        bytes: await phonePhoto(i),
      })),
    );
    const bytes = uploads.reduce((sum, u) => sum + u.bytes.length, 0);
    const pass = async (expected: number) => {
      const times: number[] = [];
      const started = performance.now();
      for (const u of uploads) {
        const at = performance.now();
        const res = await t.app.request(`/api/products/${u.productId}/photos/${u.photoId}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'image/webp' },
          body: new Uint8Array(u.bytes),
        });
        await res.arrayBuffer();
        if (res.status !== expected) throw new Error(`status ${res.status}`);
        times.push(performance.now() - at);
      }
      return { total: performance.now() - started, p50: median(times), p95: percentile(times, 95) };
    };
    const first = await pass(201);
    const again = await pass(200);
    console.log(
      `${kind}: ${COUNT} photos (${(bytes / COUNT / 1024).toFixed(0)} KB each): first replay ${(first.total / 1000).toFixed(1)} s (p50 ${first.p50.toFixed(0)} ms, p95 ${first.p95.toFixed(0)} ms per photo); replayed again ${(again.total / 1000).toFixed(1)} s (p50 ${again.p50.toFixed(0)} ms)`,
    );
  } finally {
    await t.close();
  }
}

console.log(`photo replay bench; ${loadLine()}`);
await leg('pglite');
if (process.env.TEST_DATABASE_URL) await leg('postgres');
