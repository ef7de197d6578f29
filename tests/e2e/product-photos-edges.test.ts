/**
 * Product photos at 390×844 beyond the first journey (issue 21): a new product's photos before
 * its first save, reordered by a drag; a full device; a photo the server refused; photos added
 * on another phone kept on this one and shown offline, and removed from it when removed there.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { type Phone, waitForServiceWorker } from './browser';
import { type ApiOwner, api, deviceRows, signIn, until } from './offline-helpers';
import {
  cameraJpeg,
  ownerWithProduct,
  type ServerProduct,
  uploadFromAnotherPhone,
} from './photo-helpers';

const baseUrl = inject('baseUrl');
let phone: Phone;
let owner: ApiOwner;
const cake = randomUUID();

const serverProduct = async (match: (p: ServerProduct) => boolean) =>
  (await api<ServerProduct[]>(baseUrl, 'GET', '/api/products', owner.token)).body.find(match);

beforeAll(async () => {
  ({ owner, phone } = await ownerWithProduct(baseUrl, 'Doceria Bordas', {
    id: cake,
    name: 'Bolo de rolo',
    price: '30.00',
  }));
  await signIn(phone.page, owner);
  await waitForServiceWorker(phone.page);
  await phone.page.getByRole('link', { name: 'Produtos' }).click();
  await phone.page.getByRole('button', { name: 'Editar Bolo de rolo' }).waitFor();
}, 90_000);

afterAll(() => phone?.close());

describe('photo edges on a phone', () => {
  it('a new product takes photos before its first save, reordered by a drag', async () => {
    const { page } = phone;
    await page.getByRole('button', { name: 'Novo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome do Produto').fill('Pão de queijo');
    await dialog.getByLabel('Preço (R$)').pressSequentially('1200');
    await dialog.getByTestId('photo-input').setInputFiles([
      { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(1600, 1200) },
      { name: 'b.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(1200, 900, '#00ff00') },
    ]);
    const tiles = dialog.getByTestId('product-photo');
    await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(2);
    const before = await tiles.evaluateAll((els) => els.map((e) => e.dataset.photoId));

    // The second photo dragged onto the first's place becomes the cover.
    const from = await tiles.nth(1).locator('img').boundingBox();
    const to = await tiles.nth(0).locator('img').boundingBox();
    if (!from || !to) throw new Error('photos not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(() => tiles.evaluateAll((els) => els.map((e) => e.dataset.photoId)))
      .toEqual([before[1], before[0]]);
    await expect.poll(() => tiles.nth(0).getByText('Capa', { exact: true }).count()).toBe(1);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/product-photos-new-product.png' });

    await dialog.getByRole('button', { name: 'Cadastrar Produto' }).click();
    const saved = await until(
      () => serverProduct((p) => p.name === 'Pão de queijo'),
      (p) => (p?.photos.length ?? 0) === 2,
      30_000,
    );
    expect(saved?.photos.map((p) => p.id)).toEqual([before[1], before[0]]);
  });

  it('a full device says so, keeps nothing half-written, and the product still saves', async () => {
    const { page } = phone;
    await page.evaluate(() => {
      const add = IDBObjectStore.prototype.add;
      IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args) {
        if (this.name === 'photos') throw new DOMException('full', 'QuotaExceededError');
        return add.apply(this, args);
      };
    });
    await page.getByRole('button', { name: 'Novo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome do Produto').fill('Cocada');
    await dialog.getByLabel('Preço (R$)').pressSequentially('800');
    await dialog
      .getByTestId('photo-input')
      .setInputFiles([
        { name: 'c.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(800, 600) },
      ]);
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Sem espaço no aparelho para guardar a foto.' })
      .waitFor({ timeout: 30_000 });
    await page.screenshot({ path: 'test-results/product-photos-quota.png' });
    expect(await dialog.getByLabel('Nome do Produto').inputValue()).toBe('Cocada');
    await dialog.getByRole('button', { name: 'Cadastrar Produto' }).click();
    const saved = await until(
      () => serverProduct((p) => p.name === 'Cocada'),
      (p) => p !== undefined,
    );
    expect(saved?.photos).toEqual([]);
    await page.reload();
    await page.getByRole('button', { name: 'Editar Cocada' }).waitFor({ timeout: 30_000 });
  });

  it("a refused photo shows the server's message and goes; another phone's photos show offline", async () => {
    const { page, context } = phone;
    await context.setOffline(true);
    // Meanwhile, another phone fills the product's five places.
    for (const colour of ['#111111', '#333333', '#555555', '#777777', '#999999']) {
      const bytes = await cameraJpeg(900, 600, colour);
      expect(await uploadFromAnotherPhone(baseUrl, owner.token, cake, bytes)).toBe(201);
    }
    await page.getByRole('button', { name: 'Editar Bolo de rolo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Produto' });
    await dialog
      .getByTestId('photo-input')
      .setInputFiles([
        { name: 'd.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(1200, 900) },
      ]);
    await dialog.getByText('Aguardando conexão').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await until(
      () => deviceRows<{ url: string; message: string }>(page, 'deadLetters'),
      (rows) => rows.some((r) => r.url.includes(`/api/products/${cake}/photos/`)),
      30_000,
    );
    // The pull brings the five photos of the other phone; their small size comes to the device.
    await until(
      async () =>
        (await deviceRows<{ productId: string }>(page, 'photos')).filter(
          (p) => p.productId === cake,
        ),
      (rows) => rows.length === 6,
      30_000,
    );
    await page.getByRole('button', { name: 'Editar Bolo de rolo' }).click();
    const refused = dialog.getByTestId('photo-refused');
    await refused.waitFor({ timeout: 20_000 });
    expect(await refused.textContent()).toBe(
      'Recusada pelo servidor: Um produto pode ter no máximo 5 fotos.',
    );
    expect(await dialog.getByText('Aguardando conexão').count()).toBe(0);
    await expect.poll(() => dialog.getByTestId('product-photo').count()).toBe(6);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/product-photos-refused.png' });

    const tile = dialog
      .getByTestId('product-photo')
      .filter({ has: page.getByTestId('photo-refused') });
    await tile.getByRole('button', { name: 'Remover foto' }).click();
    await page
      .getByRole('dialog', { name: 'Remover foto' })
      .getByRole('button', { name: 'Remover', exact: true })
      .click();
    await expect.poll(() => dialog.getByTestId('product-photo').count()).toBe(5);
    expect(await dialog.getByTestId('photo-refused').count()).toBe(0);
    await page.keyboard.press('Escape');

    // Offline and reopened: the other phone's cover shows in the list from the device.
    await context.setOffline(true);
    await page.reload();
    const card = page.getByRole('button', { name: 'Editar Bolo de rolo' });
    await card.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('product-thumb').count()).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/product-photos-mirrored-offline.png' });
    await context.setOffline(false);
  });

  it('photos removed on another phone, or with their product, leave this one', async () => {
    const { page } = phone;
    const photosOf = async (productId: string) =>
      (await deviceRows<{ id: string; productId: string }>(page, 'photos'))
        .filter((p) => p.productId === productId)
        .map((p) => p.id);
    const bolo = await serverProduct((p) => p.id === cake);
    const pao = await serverProduct((p) => p.name === 'Pão de queijo');
    const [removed, ...left] = bolo?.photos.map((p) => p.id) ?? [];
    if (!removed || !pao) throw new Error('photos of the earlier steps missing');
    expect(await photosOf(pao.id)).toHaveLength(2);

    // Another phone removes the cover of one product and deletes the other.
    const del = (path: string) => api(baseUrl, 'DELETE', path, owner.token);
    expect((await del(`/api/products/${cake}/photos/${removed}`)).status).toBe(204);
    expect((await del(`/api/products/${pao.id}`)).status).toBeLessThan(300);
    await page.reload();
    await page.getByRole('button', { name: 'Editar Bolo de rolo' }).waitFor({ timeout: 30_000 });
    await until(
      async () => [await photosOf(cake), await photosOf(pao.id)],
      ([bolos, paes]) => bolos?.length === left.length && paes?.length === 0,
      30_000,
    );
    expect((await photosOf(cake)).sort()).toEqual([...left].sort());
    expect(await page.getByRole('button', { name: 'Editar Pão de queijo' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Editar Bolo de rolo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Produto' });
    await expect.poll(() => dialog.getByTestId('product-photo').count()).toBe(left.length);
    await page.screenshot({ path: 'test-results/product-photos-removed-elsewhere.png' });
    await page.keyboard.press('Escape');
  });
});
