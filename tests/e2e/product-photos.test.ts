/**
 * Product photos on a phone (issue 21): the device resize (upright, scaled, metadata gone) in
 * Chromium, and the owner's journey: two photos added offline, the app closed and reopened
 * offline, still there; back online they reach the server, the storefront shows them and the
 * product page's preview image is the cover.
 */
import { randomUUID } from 'node:crypto';
import { build } from 'esbuild';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { type Phone, waitForServiceWorker } from './browser';
import { type ApiOwner, api, signIn, until } from './offline-helpers';
import { cameraJpeg, ownerWithProduct } from './photo-helpers';

const baseUrl = inject('baseUrl');
let phone: Phone;
let owner: ApiOwner;
const productId = randomUUID();

beforeAll(async () => {
  ({ owner, phone } = await ownerWithProduct(baseUrl, 'Doceria Foto', {
    id: productId,
    name: 'Bolo de fubá',
    price: '25.00',
  }));
}, 60_000);

afterAll(() => phone?.close());

describe('resizing on the device', () => {
  it('turns the photo upright, scales it to 1600 px and leaves no EXIF or GPS', async () => {
    const { page } = phone;
    await page.goto('/login');
    const bundle = await build({
      entryPoints: ['src/features/products/photos/resize-photo.ts'],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'photoResize',
    });
    // Evaluated, not an inline <script> (the app's CSP forbids those); its var made global.
    await page.evaluate(
      `${bundle.outputFiles[0]?.text ?? ''};globalThis.photoResize = photoResize;`,
    );
    const input = (await cameraJpeg(3200, 2400)).toString('base64');
    const out = await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const lib = (
        window as unknown as {
          photoResize: typeof import('../../src/features/products/photos/resize-photo');
        }
      ).photoResize;
      const resized = await lib.resizePhoto(new Blob([bytes], { type: 'image/jpeg' }));
      const buffer = new Uint8Array(await resized.blob.arrayBuffer());
      let binary = '';
      for (const byte of buffer) binary += String.fromCharCode(byte);
      let undecodable = false;
      try {
        await lib.resizePhoto(new Blob([new TextEncoder().encode('%PDF-1.4 not a photo')]));
      } catch (error) {
        undecodable = error instanceof lib.UndecodablePhotoError;
      }
      return {
        ...resized,
        blob: undefined,
        type: resized.blob.type,
        b64: btoa(binary),
        undecodable,
      };
    }, input);
    expect(out.type).toBe('image/webp');
    // 3200×2400 turned by orientation 6 is 2400×3200, scaled to 1200×1600.
    expect([out.width, out.height]).toEqual([1200, 1600]);
    const bytes = Buffer.from(out.b64, 'base64');
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Camera 12MP'))).toBe(false);
    // Upright: the red left half of the sensor is now the top (rotated 90° clockwise).
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3),
    ];
    const [r1, , b1] = pixel(600, 200);
    const [r2, , b2] = pixel(600, 1400);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);
    expect(out.undecodable).toBe(true);
  });
});

describe('photos offline', () => {
  it('keeps two photos added offline across a restart and publishes them when back online', async () => {
    const { page, context } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.getByRole('link', { name: 'Produtos' }).click();
    await page.getByRole('button', { name: 'Editar Bolo de fubá' }).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Editar Bolo de fubá' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Adicionar foto').waitFor();
    await dialog.getByTestId('photo-input').setInputFiles([
      { name: 'bolo-1.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(1600, 1200) },
      { name: 'bolo-2.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(1200, 900) },
    ]);
    await expect
      .poll(() => dialog.getByTestId('product-photo').count(), { timeout: 20_000 })
      .toBe(2);
    await expect.poll(() => dialog.getByText('Aguardando conexão').count()).toBe(2);
    await dialog.getByText('Capa', { exact: true }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/product-photos-dialog.png' });
    await page.keyboard.press('Escape');
    await page.getByTestId('product-thumb').first().waitFor();

    // Closed and reopened without a network: still on the device.
    await page.reload();
    await page.getByRole('button', { name: 'Editar Bolo de fubá' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('product-thumb').first().waitFor();
    await page.screenshot({ path: 'test-results/product-photos-list.png' });
    await page.getByRole('button', { name: 'Editar Bolo de fubá' }).click();
    await expect.poll(() => page.getByRole('dialog').getByTestId('product-photo').count()).toBe(2);
    await page.keyboard.press('Escape');

    type Product = { id: string; photos: { id: string; url: string }[] };
    const none = await api<Product[]>(baseUrl, 'GET', '/api/products', owner.token);
    expect(none.body.find((p) => p.id === productId)?.photos).toEqual([]);

    await context.setOffline(false);
    const photos = await until(
      async () =>
        (await api<Product[]>(baseUrl, 'GET', '/api/products', owner.token)).body.find(
          (p) => p.id === productId,
        )?.photos ?? [],
      (list) => list.length === 2,
    );
    expect(photos).toHaveLength(2);
    // The worker told the page: the device keeps only the small size now.
    await expect
      .poll(() => page.getByText('Aguardando conexão').count(), { timeout: 20_000 })
      .toBe(0);

    // The public address needs a CNPJ (spec): the store's page link comes from it.
    await api(baseUrl, 'PUT', '/api/stores/me', owner.token, { cnpj: '11222333000181' });
    const link = await api<{ url: string }>(baseUrl, 'GET', '/api/stores/public-url', owner.token);
    const slug = new URL(link.body.url).pathname.split('/')[2] ?? '';
    const store = await (await fetch(`${baseUrl}/loja/${slug}`)).text();
    expect(store).toContain(photos[0]?.url.replace('-1200.webp', '-160.webp'));
    await page.goto(`/loja/${slug}`);
    await page.screenshot({ path: 'test-results/product-photos-store.png' });
    await page.goto(`/loja/${slug}/p/${productId}`);
    await expect.poll(() => page.locator('main img').count()).toBe(2);
    const og = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(new URL(og ?? '').pathname).toBe(photos[0]?.url.replace('-1200.webp', '-1200.jpg'));
    await page.screenshot({ path: 'test-results/product-photos-storefront.png', fullPage: true });
  });
});
