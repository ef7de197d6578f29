/** GET /api/stores/public-url: the storefront's absolute address for the QR code, never from a forged Host. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { readEnv } from '../../server/env';
import { CNPJ_REQUIRED_MESSAGE, PUBLIC_URL_MISSING_MESSAGE } from '../../src/domain/public-url';
import { createShop, getPage } from './storefront-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The same database served without PUBLIC_URL. */
function appWithoutPublicUrl() {
  return createApp({ ...t.runtime.services, env: readEnv({ NODE_ENV: 'test' }) });
}

async function ask(app: ReturnType<typeof createApp>, url: string, token: string) {
  const res = await app.request(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

describe('GET /api/stores/public-url', () => {
  it('answers PUBLIC_URL + /loja/<slug>, and that address opens the storefront', async () => {
    const shop = await createShop(t, 'Mercadinho da Ana');
    const res = await t.call<{ url: string }>(
      'GET',
      '/api/stores/public-url',
      undefined,
      shop.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: `http://localhost:3000/loja/${shop.slug}` });
    const page = await getPage(t, new URL(res.body.url).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Mercadinho da Ana</h1>');
  });

  it('says the CNPJ is missing when the store has none', async () => {
    const shop = await createShop(t, 'Sem CNPJ', { cnpj: '' });
    const res = await t.call('GET', '/api/stores/public-url', undefined, shop.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: CNPJ_REQUIRED_MESSAGE });
    // The page itself is public all the same.
    expect((await getPage(t, `/loja/${shop.slug}`)).status).toBe(200);
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:8080', 'http://192.168.1.20:3000'])(
    'without PUBLIC_URL trusts a loopback or private-network Host (%s)',
    async (origin) => {
      const shop = await createShop(t, 'Loja Local');
      const res = await ask(appWithoutPublicUrl(), `${origin}/api/stores/public-url`, shop.token);
      expect(res).toEqual({ status: 200, body: { url: `${origin}/loja/${shop.slug}` } });
    },
  );

  it('without PUBLIC_URL refuses to build the address from a public Host', async () => {
    const shop = await createShop(t, 'Loja Exposta');
    const res = await ask(
      appWithoutPublicUrl(),
      'http://evil.example/api/stores/public-url',
      shop.token,
    );
    expect(res.status).toBe(421);
    expect(res.body).toEqual({ message: PUBLIC_URL_MISSING_MESSAGE });
  });

  it('without PUBLIC_URL the page leaves out absolute links rather than echo a public Host', async () => {
    const shop = await createShop(t, 'Loja Sem Endereço Público');
    const res = await appWithoutPublicUrl().request(`http://evil.example/loja/${shop.slug}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('og:url');
  });

  it('needs a session', async () => {
    const res = await t.call('GET', '/api/stores/public-url');
    expect(res.status).toBe(401);
  });
});
