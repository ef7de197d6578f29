/**
 * Photos in the chaos test (issue 35): uploads, removals and reorders from phones offline, with
 * the wire's faults, through the real device code (photo-repo.ts, the worker's queue). Checked:
 * a removed photo never comes back (server or phone), at most 5 photos, the order the server
 * holds is the last acknowledged reorder (uploads appended after it), and no file is left that
 * no live photo shows (nor a live photo without its files).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { hashesInUse } from '../../server/services/catalogue/photo-rows';
import { photoHash } from '../../server/services/media/encode-photo';
import { sweepUnusedMedia, witnessName } from '../../server/services/media/media-gc';
import { mediaStoreFor } from '../../server/services/media/media-store';
import type { DeadLetter, LocalPhoto } from '../../src/db/db';
import { MAX_PHOTOS } from '../../src/domain/photo';
import { mirrorServerPhotos } from '../../src/features/products/photos/photo-mirror';
import {
  placePhoto,
  productPhotos,
  removePhoto,
  uploadPhoto,
} from '../../src/features/products/photos/photo-repo';
import type { Committed, Device, Server } from './chaos-harness';

export type PhotoOp =
  | { t: 'addPhoto'; d: number; slot: number; img: number }
  | { t: 'removePhoto'; d: number; slot: number; nth: number }
  | { t: 'placePhoto'; d: number; slot: number; nth: number; to: number };

/** Photos go on the first two product slots (more photos per product, more races). */
const PHOTO_SLOTS = 2;
const IMAGES = 3;

export const photoOpArb = (dev: fc.Arbitrary<number>): fc.Arbitrary<PhotoOp>[] => {
  const slot = fc.integer({ min: 0, max: PHOTO_SLOTS - 1 });
  const nth = fc.integer({ min: 0, max: MAX_PHOTOS - 1 });
  return [
    fc.record({
      t: fc.constant('addPhoto' as const),
      d: dev,
      slot,
      img: fc.integer({ min: 0, max: IMAGES - 1 }),
    }),
    fc.record({ t: fc.constant('removePhoto' as const), d: dev, slot, nth }),
    fc.record({ t: fc.constant('placePhoto' as const), d: dev, slot, nth, to: nth }),
  ];
};

let images: Promise<Buffer[]> | null = null;
/** Three small JPEGs, the same bytes in every sequence (shared files across stores included). */
function chaosImages(): Promise<Buffer[]> {
  images ??= Promise.all(
    Array.from({ length: IMAGES }, (_, i) =>
      sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: 40 * i, g: 90, b: 200 } },
      })
        .jpeg()
        .toBuffer(),
    ),
  );
  return images;
}

const PHOTO_PATH = /^\/api\/products\/([^/]+)\/photos(?:\/([^/]+))?$/;
export const isPhotoPath = (path: string) => PHOTO_PATH.test(new URL(path, 'http://x').pathname);

type Check = (condition: boolean, message: string, detail?: unknown) => asserts condition;

/** One sequence's photos: what each phone removed, and the checks. */
export class ChaosPhotos {
  /** Photo ids removed on each device: never shown there again. */
  private readonly removedOn: Set<string>[];

  constructor(
    private readonly server: Server,
    private readonly devices: Device[],
    private readonly productIds: string[],
    private readonly check: Check,
  ) {
    this.removedOn = devices.map(() => new Set());
  }

  /** Runs one photo operation; false when the device cannot do it (skipped). */
  async apply(op: PhotoOp): Promise<boolean> {
    const device = this.devices[op.d] as Device;
    const productId = this.productIds[op.slot] as string;
    if (!(await device.db.products.get(productId))) return false;
    const photos = await productPhotos(device.db, productId);
    if (op.t === 'addPhoto') {
      if (photos.length >= MAX_PHOTOS) return false;
      const bytes = (await chaosImages())[op.img] as Buffer;
      const photo: LocalPhoto = {
        id: randomUUID(),
        productId,
        position: (photos.at(-1)?.position ?? -1) + 1,
        blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
        width: 64,
        height: 48,
        state: 'waiting',
      };
      await device.db.photos.add(photo);
      await device.guarded(() => uploadPhoto(device.ctx, photo));
      return true;
    }
    const photo = photos[op.nth % Math.max(1, photos.length)];
    if (!photo) return false;
    if (op.t === 'removePhoto') {
      this.removedOn[op.d]?.add(photo.id);
      await device.guarded(() => removePhoto(device.ctx, photo));
      return true;
    }
    if (photos.length < 2) return false;
    await device.guarded(() => placePhoto(device.ctx, photo, op.to % photos.length));
    return true;
  }

  /** After every step: no phone shows a photo removed on it. */
  async afterStep(): Promise<void> {
    for (const [i, device] of this.devices.entries()) {
      for (const id of this.removedOn[i] ?? []) {
        this.check(!(await device.db.photos.get(id)), `photo removed on device ${i} came back`, id);
      }
    }
  }

  /** A pull's follow-up on the phone: the server's photos mirrored, the removed ones dropped. */
  async mirror(device: Device): Promise<void> {
    await device.guarded(() => mirrorServerPhotos(device.ctx));
  }

  /**
   * Refusals of photo requests the owner meets in these races (a sixth photo from the other phone,
   * a reorder that listed a photo removed elsewhere, a product deleted): she removes the refused
   * photo. Answers whether the letter was a photo's; any other status is a failure.
   */
  async discard(device: Device, letter: DeadLetter): Promise<boolean> {
    const match = PHOTO_PATH.exec(new URL(letter.url, 'http://x').pathname);
    if (!match) return false;
    this.check(
      letter.status === 400 || letter.status === 404,
      'a photo refusal that is not a documented conflict',
      letter,
    );
    await device.db.deadLetters.delete(letter.id);
    const photo = match[2] ? await device.db.photos.get(match[2]) : undefined;
    if (photo && letter.method === 'PUT') await device.db.photos.delete(photo.id);
    return true;
  }

  /** The end state, after every phone drained its queue and pulled. */
  async checkConverged(committed: Committed[], token: string): Promise<void> {
    const removed = new Set<string>();
    const order = new Map<string, string[]>();
    for (const c of committed) {
      const match = PHOTO_PATH.exec(c.path);
      if (!match) continue;
      const [, productId = '', photoId] = match;
      const list = order.get(productId) ?? [];
      if (c.method === 'DELETE' && photoId) {
        removed.add(photoId);
        order.set(
          productId,
          list.filter((id) => id !== photoId),
        );
      } else if (c.method === 'PUT' && photoId) {
        if (!list.includes(photoId)) order.set(productId, [...list, photoId]);
      } else if (c.method === 'PUT') {
        order.set(productId, (JSON.parse(c.body ?? '{}') as { order: string[] }).order);
      }
    }
    const media = mediaStoreFor({ db: this.server.db, env: { MEDIA_DIR: undefined } });
    for (const productId of this.productIds) {
      const res = await this.server.app.request(
        `https://tali.test/api/sync/products/${productId}`,
        {
          headers: { Authorization: `Bearer ${token}` },
        },
      );
      if (res.status !== 200) continue;
      const row = (await res.json()) as {
        deleted?: boolean;
        photos?: { id: string; url: string }[];
      };
      // A deleted product: its photos show nowhere (the clean-up below takes their files).
      if (row.deleted || !row.photos) continue;
      const ids = row.photos.map((p) => p.id);
      this.check(ids.length <= MAX_PHOTOS, 'more than 5 photos', ids);
      this.check(!ids.some((id) => removed.has(id)), 'a removed photo is back on the server', ids);
      const want = order.get(productId) ?? [];
      this.check(
        JSON.stringify(ids) === JSON.stringify(want),
        'photo order: not the last acknowledged',
        { ids, want },
      );
      for (const photo of row.photos) {
        const file = photo.url.replace('/media/', '');
        this.check(await media.has(file), 'a live photo without its files', photo);
      }
      for (const [i, device] of this.devices.entries()) {
        const here = await device.db.photos.where('productId').equals(productId).toArray();
        for (const p of here) {
          this.check(!removed.has(p.id), `a removed photo is back on device ${i}`, p.id);
        }
      }
    }
    // No file nobody shows, once the clean-up ran (a deleted product's photos wait for it).
    await sweepUnusedMedia({ db: this.server.db, media });
    const hashes = (await chaosImages()).map(photoHash);
    const used = await this.server.db.transaction((tx) => hashesInUse(tx, hashes));
    for (const hash of hashes) {
      const stored = await media.has(witnessName(hash));
      this.check(stored === used.has(hash), 'files and live photos disagree', { hash, stored });
    }
  }
}
