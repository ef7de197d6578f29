/**
 * The privacy notice per store (/loja/:slug/privacidade, issue 40) and its request form: the
 * notice names the store and lists the gateway and, when configured, the LLM provider; it is
 * linked from the storefront; the form sends a code to the WhatsApp and opens a request only
 * with that code; the public form is capped, bounded and rate-limited.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyRequests, sandboxMessages, stores } from '../../server/db/schema';
import { STOREFRONT_CSP } from '../../server/routes/storefront';
import { orderFormScript } from '../../server/services/storefront/client-script';
import { connectSandboxWhatsApp } from './campaign-fixtures';
import { addProduct, createShop, type Shop } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp({
    env: testEnv({ LLM_BASE_URL: 'https://ia.exemplo.com/v1', LLM_API_KEY: 'k', LLM_MODEL: 'm' }),
  });
  shop = await createShop(t, 'Padaria Pão Quente');
  await t.db
    .update(stores)
    .set({
      cnpj: '11222333000181',
      logradouro: 'Rua A',
      numero: '10',
      cidade: 'Campinas',
      uf: 'SP',
    })
    .where(eq(stores.id, shop.storeId));
  await connectSandboxWhatsApp(t.db, shop.storeId);
});
afterAll(() => t.close());

const form = (path: string, fields: Record<string, string>, ip = '10.1.1.1') =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams(fields).toString(),
  });

describe('GET /loja/:slug/privacidade', () => {
  it('names the controller and the processors, with the retention and the rights', async () => {
    const res = await t.app.request(`/loja/${shop.slug}/privacidade`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(STOREFRONT_CSP);
    expect(res.headers.get('etag')).toBeTruthy();
    const html = await res.text();
    expect(html).toContain('<strong>Padaria Pão Quente</strong>, CNPJ 11.222.333/0001-81');
    expect(html).toContain('Campinas');
    expect(html).toContain('WhatsApp (Meta Platforms)');
    expect(html).toContain('ia.exemplo.com');
    expect(html).toContain('guardadas por 12 meses');
    expect(html).toContain('retirar o consentimento a qualquer momento');
    // Promotions' bases as the owner declares them (the customer form, the import): both named.
    expect(html).toContain(
      'legítimo interesse (art. 7º, IX), como a loja registrou no seu cadastro',
    );
    expect(html).toContain('MEUS DADOS');
    expect(html).not.toMatch(/<script/i);
    expect(html.length).toBeLessThan(20_000);
    const again = await t.app.request(`/loja/${shop.slug}/privacidade`, {
      headers: { 'if-none-match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('an unknown store is the storefront 404', async () => {
    const missing = await t.app.request('/loja/nao-existe/privacidade');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Loja não encontrada');
  });

  it("shows the owner's paragraph and the store's retention", async () => {
    const put = await t.call(
      'PUT',
      '/api/privacidade',
      { conversationMonths: 6, noticeExtra: 'Não vendemos seus dados <b>nunca</b>.' },
      shop.token,
    );
    expect(put.status).toBe(200);
    const html = await (await t.app.request(`/loja/${shop.slug}/privacidade`)).text();
    expect(html).toContain('guardadas por 6 meses');
    expect(html).toContain('Não vendemos seus dados &lt;b&gt;nunca&lt;/b&gt;.');
  });

  it('is linked from the storefront page, a product page and the order form', async () => {
    const html = await (await t.app.request(`/loja/${shop.slug}`)).text();
    expect(html).toContain(`href="/loja/${shop.slug}/privacidade"`);
    const product = await addProduct(t, shop, { name: 'Pão de queijo', price: '5.00' });
    const page = await t.app.request(`/loja/${shop.slug}/p/${product}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`href="/loja/${shop.slug}/privacidade"`);
    // The order form (its script) points its consent box's link at the notice.
    expect((await orderFormScript()).body).toContain('/privacidade');
  });
});

describe('the request form', () => {
  const phone = '11987650001';

  it('sends a code to the WhatsApp, and opens the request only with it', async () => {
    const first = await form(`/loja/${shop.slug}/privacidade/codigo`, {
      phone: `(11) 98765-0001`,
      kind: 'eliminacao',
    });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Enviamos um código para o WhatsApp (11) 98765-0001');
    const [sent] = await t.db
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.storeId, shop.storeId), eq(sandboxMessages.toNumber, phone)));
    const code = /é (\d{6})/.exec(sent?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await form(`/loja/${shop.slug}/privacidade/solicitacao`, {
      phone,
      kind: 'eliminacao',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Código incorreto');
    expect(
      await t.db.select().from(privacyRequests).where(eq(privacyRequests.storeId, shop.storeId)),
    ).toEqual([]);

    const ok = await form(`/loja/${shop.slug}/privacidade/solicitacao`, {
      phone,
      kind: 'eliminacao',
      code,
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Pedido recebido: eliminação dos dados');
    const list = await t.call<
      Array<{ kind: string; channel: string; dueAt: string; createdAt: string }>
    >('GET', '/api/privacidade/solicitacoes', undefined, shop.token);
    expect(list.body).toEqual([
      expect.objectContaining({ kind: 'eliminacao', channel: 'formulario' }),
    ]);
    const r = list.body[0];
    const days = (Date.parse(r?.dueAt ?? '') - Date.parse(r?.createdAt ?? '')) / 86_400_000;
    expect(days).toBe(15);
    // The confirmation went to the customer's WhatsApp at once.
    const texts = (
      await t.db.select().from(sandboxMessages).where(eq(sandboxMessages.toNumber, phone))
    ).map((m) => m.text);
    expect(texts.some((x) => x.startsWith('Recebemos seu pedido'))).toBe(true);

    // The same code cannot be used twice.
    const reuse = await form(`/loja/${shop.slug}/privacidade/solicitacao`, {
      phone,
      kind: 'eliminacao',
      code,
    });
    expect(reuse.status).toBe(400);
  });

  it('refuses bad values with a 4xx page, never a 500', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ phone: '123', kind: 'acesso' }, 400, 'Informe um WhatsApp válido'],
      [{ phone: '11987650002', kind: 'tudo' }, 400, 'Escolha o que você quer pedir'],
      [{ phone: 'x'.repeat(500), kind: 'acesso' }, 400, 'Informe um WhatsApp válido'],
    ];
    for (const [fields, status, text] of cases) {
      const res = await form(`/loja/${shop.slug}/privacidade/codigo`, fields, '10.1.1.2');
      expect(res.status).toBe(status);
      expect(await res.text()).toContain(text);
    }
    const code = await form(
      `/loja/${shop.slug}/privacidade/solicitacao`,
      { phone: '11987650002', kind: 'acesso', code: 'abc' },
      '10.1.1.2',
    );
    expect(code.status).toBe(400);
    expect(await code.text()).toContain('O código tem 6 números');
    const huge = await form(
      `/loja/${shop.slug}/privacidade/codigo`,
      { phone: '1'.repeat(10_000), kind: 'acesso' },
      '10.1.1.2',
    );
    expect(huge.status).toBe(413);
  });

  it('limits codes per number', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await form(
        `/loja/${shop.slug}/privacidade/codigo`,
        { phone: '11987650003', kind: 'acesso' },
        `10.2.2.${i}`,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
