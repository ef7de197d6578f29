/**
 * A customer's data exported in one action (issue 40): JSON with every category (profile,
 * labels, orders with items, the conversation, campaign deliveries with receipts), the same as a
 * CSV for Excel-BR (BOM, ';', neutralised cells), scoped to the store, and 404 once erased.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_CONSENT_TEXT } from '../../src/domain/consent';
import type { CustomerDataExport } from '../../src/domain/privacy';
import { createOwner } from './fixtures';
import { type Seeded, seedCustomer } from './privacy-fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let s: Seeded;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCustomer(t);
});
afterAll(() => t.close());

describe('GET /api/customers/:id/dados', () => {
  it('answers every category of the customer, and nothing of another customer', async () => {
    const res = await t.call<CustomerDataExport>(
      'GET',
      `/api/customers/${s.customerId}/dados`,
      undefined,
      s.shop.token,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const d = res.body;
    expect(d.store.name).toBe('Mercearia da Rua');
    expect(d.customer).toMatchObject({ id: s.customerId, name: 'Ana Souza', phone: s.phone });
    expect(d.labels).toEqual([{ id: s.labelId, name: 'VIP' }]);
    expect(d.orders).toHaveLength(1);
    expect(d.orders[0]).toMatchObject({
      total: '43.80',
      delivery: 'entrega',
      address: 'Rua das Flores, 12',
      note: 'Deixar com o porteiro',
      items: [{ name: 'Café 500g', unitPrice: '21.90', quantity: 2 }],
    });
    expect(d.conversation.map((m) => [m.author, m.text])).toEqual([
      ['customer', '=Tem pão?'],
      ['assistant', 'Temos sim!'],
    ]);
    expect(d.campaignDeliveries).toEqual([
      expect.objectContaining({
        campaign: 'Promoção de sábado',
        status: 'sent',
        deliveredAt: expect.any(String),
        readAt: expect.any(String),
      }),
    ]);
    expect(JSON.stringify(d)).not.toContain('Bia Lima');
    // The storefront's box was ticked: the ledger's event, with the text the customer saw.
    expect(d.consentEvents).toEqual([
      expect.objectContaining({ kind: 'granted', source: 'storefront', text: PROMO_CONSENT_TEXT }),
    ]);
  });

  it('as a CSV that opens in Excel-BR, formulas neutralised', async () => {
    const res = await t.app.request(`/api/customers/${s.customerId}/dados.csv`, {
      headers: { authorization: `Bearer ${s.shop.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('dados-do-cliente.csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Categoria;Data;Item;Valor');
    expect(lines[1]).toMatch(/^Cadastro;\d\d\/\d\d\/\d{4} \d\d:\d\d;Nome;Ana Souza$/);
    expect(text).toContain('Etiqueta;;Etiqueta;VIP');
    expect(text).toMatch(/Item de pedido;;Pedido [\w-]+ · 2 × Café 500g;R\$\s21,90/);
    // A message starting with '=' must not run as a formula in the spreadsheet.
    expect(text).toMatch(/Conversa;[^;]*;Cliente;'=Tem pão\?/);
    expect(text).toMatch(/Campanha;[^;]*;Promoção de sábado;Lida em/);
    expect(text).toMatch(
      /Consentimento;[^;]*;Aceitou \(formulário da loja\);Quero receber promoções/,
    );
  });

  it("another store's customer, an unknown id and a malformed id are 404", async () => {
    const stranger = await createOwner(t, 'Outra');
    for (const [id, token] of [
      [s.customerId, stranger.token],
      ['00000000-0000-4000-8000-000000000000', s.shop.token],
      ['x', s.shop.token],
    ] as const) {
      const res = await t.call('GET', `/api/customers/${id}/dados`, undefined, token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Cliente não encontrado');
    }
    const anon = await t.call('GET', `/api/customers/${s.customerId}/dados`);
    expect(anon.status).toBe(401);
  });

  it('erase then export: 404', async () => {
    const erased = await t.call(
      'POST',
      `/api/customers/${s.customerId}/eliminar`,
      undefined,
      s.shop.token,
    );
    expect(erased.status).toBe(200);
    for (const path of ['dados', 'dados.csv']) {
      const res = await t.call(
        'GET',
        `/api/customers/${s.customerId}/${path}`,
        undefined,
        s.shop.token,
      );
      expect(res.status).toBe(404);
    }
  });
});
