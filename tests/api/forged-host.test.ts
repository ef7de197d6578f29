/**
 * Without PUBLIC_URL, a forged public Host header never reaches a link the server writes: the
 * storefront's address and page, a campaign image's URL, the sandbox's pairing page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../server/env';
import { photoDataUrl } from './campaign-fixtures';
import { createShop, type ShopOwner } from './storefront-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let shop: ShopOwner;

beforeAll(async () => {
  t = await createTestApp({ env: readEnv({ NODE_ENV: 'test' }) });
  shop = await createShop(t, 'Loja do Host');
});
afterAll(() => t?.close());

const FORGED = 'http://evil.example';
const PRIVATE = 'http://192.168.1.20:3000';

async function ask(origin: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await t.app.request(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, text: await res.text() };
}

describe('links under a forged Host', () => {
  it('the storefront address is refused, not built from the Host', async () => {
    const res = await ask(FORGED, '/api/stores/public-url');
    expect(res.status).toBe(421);
    expect(res.text).not.toContain('evil.example');
    // The control: a private-network Host is trusted (a phone on the shop's Wi-Fi).
    expect(JSON.parse((await ask(PRIVATE, '/api/stores/public-url')).text)).toEqual({
      url: `${PRIVATE}/loja/${shop.slug}`,
    });
  });

  it('the storefront page links nowhere near the Host', async () => {
    const res = await ask(FORGED, `/loja/${shop.slug}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Loja do Host');
    expect(res.text).not.toContain('evil.example');
    expect((await ask(PRIVATE, `/loja/${shop.slug}`)).text).toContain(`${PRIVATE}/loja/`);
  });

  it("a campaign image's URL uses the server's own address", async () => {
    const body = { imageBase64: await photoDataUrl('jpeg') };
    const res = await ask(FORGED, '/api/campanhas/upload', { method: 'POST', body });
    expect(res.status).toBe(201);
    const { imageUrl } = JSON.parse(res.text) as { imageUrl: string };
    expect(imageUrl).toMatch(/^http:\/\/localhost:3000\/api\/campanhas\/imagens\//);
    const local = await ask(PRIVATE, '/api/campanhas/upload', { method: 'POST', body });
    expect(JSON.parse(local.text).imageUrl.startsWith(`${PRIVATE}/`)).toBe(true);
  });

  it("the sandbox's pairing page is not put behind the Host", async () => {
    const res = await ask(FORGED, '/api/whatsapp/generate-qr');
    expect(res.text).not.toContain('evil.example');
    const local = JSON.parse((await ask(PRIVATE, '/api/whatsapp/generate-qr')).text);
    expect(local.sandboxUrl.startsWith(`${PRIVATE}/`)).toBe(true);
  });
});
