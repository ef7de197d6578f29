import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappConnections } from '../../server/db/schema';
import {
  addProduct,
  createShop,
  getPage,
  HOSTILE,
  jsonLd,
  openSeededStorefront,
  type ShopOwner,
  STOREFRONT_NOW,
  whatsappLinks,
} from './storefront-helpers';
import type { TestApp } from './test-app';

const NOW = STOREFRONT_NOW;

/** The server's clock; a test may move it and puts it back. */
const clock = NOW;
let t: TestApp;
let shop: ShopOwner;

beforeAll(async () => {
  ({ t, shop } = await openSeededStorefront(() => clock));
});
afterAll(() => t?.close());

describe('previews and structured data', () => {
  it('has Open Graph tags with an absolute 1200×630 PNG that exists', async () => {
    const { text } = await getPage(t, `/loja/${shop.slug}`);
    const meta = (p: string) =>
      text.match(new RegExp(`<meta property="${p}" content="([^"]*)"`))?.[1];
    expect(meta('og:title')).toBe('Padaria São João · Catálogo online');
    expect(meta('og:description')).toContain('Aberto agora');
    expect(meta('og:url')).toBe(`http://localhost:3000/loja/${shop.slug}`);
    const image = meta('og:image') ?? '';
    expect(image).toMatch(
      new RegExp(`^http://localhost:3000/loja/${shop.slug}/og\\.png\\?v=[0-9a-f]+$`),
    );
    const res = await t.app.request(new URL(image).pathname + new URL(image).search);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    const info = await sharp(png).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);
    expect(png.length).toBeLessThan(300_000);
  });

  it('describes the store, its hours and its active products in valid schema.org JSON-LD', async () => {
    const { text } = await getPage(t, `/loja/${shop.slug}`);
    const ld = jsonLd(text);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Store');
    expect(ld.name).toBe('Padaria São João');
    expect(ld.address).toMatchObject({
      '@type': 'PostalAddress',
      streetAddress: 'Rua da Bahia, 1200, Loja 3',
      addressLocality: 'Belo Horizonte',
      addressRegion: 'MG',
      postalCode: '30110-000',
      addressCountry: 'BR',
    });
    expect(ld.openingHoursSpecification).toHaveLength(6);
    expect(ld.openingHoursSpecification[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '08:00',
      closes: '18:00',
    });
    const offers = ld.hasOfferCatalog.itemListElement;
    expect(offers.map((o) => o.itemOffered.name).sort()).toEqual(
      [HOSTILE, 'Bolo de fubá', 'Pão de queijo'].sort(),
    );
    for (const offer of offers) {
      expect(offer['@type']).toBe('Offer');
      expect(offer.priceCurrency).toBe('BRL');
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(offer.itemOffered['@type']).toBe('Product');
    }
    expect(text).not.toContain('</script><script>alert(2)');
  });
});

describe('ordering by WhatsApp', () => {
  it('gives every product a wa.me link to the store phone with the item and total written out', async () => {
    const { text } = await getPage(t, `/loja/${shop.slug}`);
    const links = whatsappLinks(text);
    expect(links.every((l) => l.number === '5531998761234')).toBe(true);
    expect(links.map((l) => l.text)).toContain(
      'Olá! Quero fazer um pedido:\n1 × Pão de queijo — R$ 5,90\nTotal: R$ 5,90',
    );
    // The cart's link is filled in by the script from what the customer picks.
    expect(text).toMatch(/<aside id="cart" hidden[^>]* data-wa="31998761234"/);
  });

  it('falls back to the connected WhatsApp number when the store has no phone', async () => {
    const noPhone = await createShop(t, 'Sem Telefone', { phone: '' });
    await addProduct(t, noPhone.storeId, { name: 'Item', price: '1.00' });
    await t.db.insert(whatsappConnections).values({
      storeId: noPhone.storeId,
      provider: 'sandbox',
      instanceName: `tali-${noPhone.storeId}`,
      webhookSecret: 'segredo',
      state: 'connected',
      connectedNumber: '5521987654321',
    });
    const links = whatsappLinks((await getPage(t, `/loja/${noPhone.slug}`)).text);
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.number === '5521987654321')).toBe(true);
  });

  it('says how else to reach the store when it has no number, never a broken link', async () => {
    const none = await createShop(t, 'Sem WhatsApp', { phone: '' });
    await addProduct(t, none.storeId, { name: 'Item', price: '1.00' });
    const { text } = await getPage(t, `/loja/${none.slug}`);
    expect(text).not.toContain('wa.me');
    expect(text).toContain(
      'Para pedir, vá até a loja: Rua da Bahia, 1200 – Loja 3, Centro, Belo Horizonte/MG.',
    );
    expect(text).toContain('<a class="btn" href="#endereco">Como pedir: veja o endereço</a>');
    expect(text).toContain('id="endereco"');
  });
});
