/**
 * Where photo files live (MEDIA_DIR instead of the database), the child map against its table,
 * and two uploads of one photo at once. PGlite and PostgreSQL.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, productPhotos } from '../../server/db/schema';
import { PRODUCT_PHOTOS } from '../../src/domain/photo';
import { columnsOf, SQL_TYPES } from '../../src/domain/sync/columns';
import { createOwner, newId, type Owner } from './fixtures';
import {
  cameraJpeg,
  createProduct,
  type PhotoJson,
  uploadPhoto,
  type WithPhotos,
} from './photo-helpers';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;
let owner: Owner;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tali-media-'));
  t = await createTestApp({ env: testEnv({ MEDIA_DIR: dir }) });
  owner = await createOwner(t);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('photo storage', () => {
  it('keeps the files in MEDIA_DIR when it is set, and serves and removes them from there', async () => {
    const productId = newId();
    await createProduct(t, owner, productId);
    const photoId = newId();
    const put = await uploadPhoto(t, owner, productId, photoId, await cameraJpeg(900, 600));
    expect(put.status).toBe(201);
    const [photo] = put.body.photos as PhotoJson[];
    const files = (await readdir(dir)).filter((f) => !f.startsWith('.'));
    expect(files).toHaveLength(6);
    expect(files).toContain(photo?.url.slice('/media/'.length));
    expect((await t.db.select({ n: count() }).from(mediaFiles))[0]?.n).toBe(0);
    const res = await t.app.request(photo?.url ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    await t.call('DELETE', `/api/products/${productId}/photos/${photoId}`, undefined, owner.token);
    expect((await readdir(dir)).filter((f) => !f.startsWith('.'))).toHaveLength(0);
  });

  it('keeps one photo when the same upload arrives twice at once (a replay racing its original)', async () => {
    const productId = newId();
    await createProduct(t, owner, productId);
    const photoId = newId();
    const jpeg = await cameraJpeg(700, 500, 120);
    const answers = await Promise.all([
      uploadPhoto(t, owner, productId, photoId, jpeg),
      uploadPhoto(t, owner, productId, photoId, jpeg),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const one = await t.call<WithPhotos>(
      'GET',
      `/api/sync/products/${productId}`,
      undefined,
      owner.token,
    );
    expect(one.body.photos.map((p: PhotoJson) => p.id)).toEqual([photoId]);
  });

  it("names each field of the photos' map as the table has it", () => {
    const drizzle = getTableColumns(productPhotos);
    for (const c of columnsOf(PRODUCT_PHOTOS.columns)) {
      const column = drizzle[c.name as keyof typeof drizzle];
      expect(column?.name, c.name).toBe(c.column);
      expect(column?.getSQLType(), c.name).toBe(SQL_TYPES[c.type]);
      expect(column?.notNull, c.name).toBe(!c.nullable);
    }
  });
});
