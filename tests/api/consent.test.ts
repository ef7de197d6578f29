/**
 * Promotional consent changes only by the person (issue 35 point 8, decision 023): a storefront
 * order records a new customer's consent with the box's text, but never clears a SAIR; only a
 * message from that phone (VOLTAR) does. Audiences follow the ledger's last event.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFormScript } from '../../server/services/storefront/client-script';
import { declaredText, PROMO_CONSENT_TEXT } from '../../src/domain/consent';
import * as f from './consent-fixtures';
import { send } from './fixtures';
import { nextMobile } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true', PIX_PROVIDER: 'off' }) });
});
afterAll(() => t.close());

const shop = () => f.consentShop(t);
const customerOf = (s: f.ConsentShop, phone: string) => f.customerOf(t, s, phone);
const eventsOf = (id: string | undefined) => f.eventsOf(t, id);
const audience = (s: f.ConsentShop) => f.audience(t, s);

describe('consent, changed only by the person', () => {
  it('an anonymous order with the box ticked never clears a SAIR; VOLTAR does', async () => {
    const s = await shop();
    const phone = nextMobile();
    await s.message(phone, 'SAIR');
    expect((await customerOf(s, phone))?.optedOut).toBe(true);
    await s.order(phone, true);
    const after = await customerOf(s, phone);
    expect(after?.optedOut).toBe(true);
    expect(await audience(s)).toBe(0);
    await s.message(phone, 'Voltar');
    const back = await customerOf(s, phone);
    expect(back?.optedOut).toBe(false);
    expect(back?.revision).toBeGreaterThan(after?.revision ?? 0);
    expect(await audience(s)).toBe(1);
    expect(await eventsOf(back?.id)).toEqual([
      { kind: 'withdrawn', source: 'whatsapp', text: 'SAIR' },
      { kind: 'granted', source: 'whatsapp', text: 'Voltar' },
    ]);
  });

  it('a new number from an order without the box is not in promotions, and has no consent', async () => {
    const s = await shop();
    const phone = nextMobile();
    await s.order(phone, false);
    const row = await customerOf(s, phone);
    expect(row?.optedOut).toBe(true);
    expect(await eventsOf(row?.id)).toEqual([]);
    expect(await audience(s)).toBe(0);
  });

  it('a new number from an order with the box is in promotions, with the box’s text on record', async () => {
    const s = await shop();
    const phone = nextMobile();
    await s.order(phone, true);
    const row = await customerOf(s, phone);
    expect(row?.optedOut).toBe(false);
    expect(await eventsOf(row?.id)).toEqual([
      { kind: 'granted', source: 'storefront', text: PROMO_CONSENT_TEXT },
    ]);
    expect(PROMO_CONSENT_TEXT).toBe('Quero receber promoções da loja pelo WhatsApp');
    expect(await audience(s)).toBe(1);
    // The order form shows that same text next to the box (esbuild writes non-ASCII escaped).
    const form = (await orderFormScript()).body;
    expect(form).toContain('Quero receber promo');
    expect(form).toContain('da loja pelo WhatsApp');
  });

  it('a SAIR from someone never asked is recorded, so a later ticked box cannot opt them in', async () => {
    const s = await shop();
    const phone = nextMobile();
    await s.order(phone, false);
    await s.message(phone, 'PARAR');
    await s.order(phone, true);
    const row = await customerOf(s, phone);
    expect(row?.optedOut).toBe(true);
    expect(await eventsOf(row?.id)).toEqual([
      { kind: 'withdrawn', source: 'whatsapp', text: 'PARAR' },
    ]);
  });

  it('keeps customers the owner added in promotions, on record with the default declared basis', async () => {
    const s = await shop();
    const id = randomUUID();
    const created = await send(t, 'POST', '/api/customers', {
      token: s.token,
      body: { id, name: 'Cliente da loja', phone: nextMobile() },
    });
    expect(created.status).toBe(201);
    // A body without `promoBasis` (an older app) declares what the form offers first.
    expect(await eventsOf(id)).toEqual([
      {
        kind: 'granted',
        source: 'owner',
        basis: 'legitimate-interest',
        text: declaredText('owner', 'legitimate-interest'),
      },
    ]);
    expect(await audience(s)).toBe(1);
  });
});
