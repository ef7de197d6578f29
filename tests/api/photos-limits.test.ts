/**
 * What a photo upload may cost the server (issue 35): a bound on pixels read from the header,
 * a few encodes at once per store and in all (429 / 503 with Retry-After), and a failure that is
 * the server's answered 503 (the phone sends it again), never 400 'not an image'.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeFailure } from '../../server/services/media/encode-photo';
import {
  ENCODES_AT_ONCE,
  ENCODES_PER_STORE,
  takeEncodeSlot,
} from '../../server/services/media/encode-slots';
import { createOwner, newId, type Owner } from './fixtures';
import { cameraJpeg, createProduct } from './photo-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
});
afterAll(() => t.close());

async function put(bytes: Buffer, type = 'image/jpeg') {
  const productId = newId();
  await createProduct(t, owner, productId);
  const res = await t.app.request(`/api/products/${productId}/photos/${newId()}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': type },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

describe('pixels', () => {
  it('refuses a 59 MP PNG of a few hundred KB with a 413 before decoding it', async () => {
    const png = await sharp({
      create: { width: 8000, height: 7400, channels: 3, background: { r: 250, g: 250, b: 250 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(png.length).toBeLessThan(2 * 1024 * 1024);
    const started = Date.now();
    const res = await put(png, 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      'A foto tem resolução grande demais (máximo de 40 megapixels). Reduza e envie de novo.',
    );
    // Read from the header: no second of encoding spent on it.
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('encodes at once', () => {
  it("answers 429 with Retry-After when the store's encodes are all busy, and takes it after", async () => {
    const releases = Array.from({ length: ENCODES_PER_STORE }, () => takeEncodeSlot(owner.storeId));
    const bytes = await cameraJpeg(300, 200, 31);
    let busy: Awaited<ReturnType<typeof put>>;
    try {
      busy = await put(bytes);
    } finally {
      for (const release of releases) release();
    }
    expect(busy.status).toBe(429);
    expect(busy.retryAfter).toBe('5');
    expect(busy.body.message).toMatch(/Muitas fotos sendo processadas/);
    expect((await put(bytes)).status).toBe(201);
  });

  it('answers 503 with Retry-After when the server has no encode to spare, whoever is busy', async () => {
    const releases = Array.from({ length: ENCODES_AT_ONCE }, (_, i) =>
      takeEncodeSlot(`another-store-${i}`),
    );
    let busy: Awaited<ReturnType<typeof put>>;
    try {
      busy = await put(await cameraJpeg(300, 200, 61));
    } finally {
      for (const release of releases) release();
    }
    expect(busy.status).toBe(503);
    expect(busy.retryAfter).toBe('5');
    expect(busy.body.message).toMatch(/servidor está ocupado/);
  });
});

describe("the server's failures", () => {
  it('answers 503 (sent again) when sharp fails for lack of memory, 400 for a broken photo', async () => {
    const bytes = await cameraJpeg(300, 200, 91);
    const spy = vi
      .spyOn(sharp.prototype, 'toBuffer')
      .mockRejectedValueOnce(new Error('vips_malloc: out of memory --- size == 100MB'));
    let failed: Awaited<ReturnType<typeof put>>;
    try {
      failed = await put(bytes);
    } finally {
      spy.mockRestore();
    }
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe(
      'O servidor não conseguiu processar a foto agora. Ela será enviada de novo.',
    );
    // The same photo once the server is well again: taken.
    expect((await put(bytes)).status).toBe(201);
    // A JPEG cut in half is the photo's fault: 400, as before.
    const cut = await put(bytes.subarray(0, bytes.length >> 1));
    expect([cut.status, cut.body.message]).toEqual([400, 'Envie uma foto JPEG, PNG ou WebP.']);
  });

  it('tells the server’s failures from the photo’s by what sharp says', () => {
    const server = ['timeout: 57% complete', 'std::bad_alloc', 'vips: unable to start thread'];
    for (const message of server) expect(encodeFailure(new Error(message)).status).toBe(503);
    const input = [
      'Input buffer contains unsupported image format',
      'VipsJpeg: Premature end of input file',
      'pngload_buffer: libspng read error',
    ];
    for (const message of input) expect(encodeFailure(new Error(message)).status).toBe(400);
  });
});
