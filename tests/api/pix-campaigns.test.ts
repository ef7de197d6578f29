/**
 * The Pix step in front of 'Enviar', end to end over real HTTP stand-ins (the API Pix PSP and the
 * Evolution API): price bands, 402 with the charge, nothing sent before the PSP confirms and
 * everything sent once after, the Idempotency-Key, expiry and renewal, refunds, isolation.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../server/db/schema';
import {
  CHARGE_TTL_SECONDS,
  RECHECK_INTERVAL_MS,
} from '../../server/services/payments/payments-service';
import { recheckPayments } from '../../server/services/payments/recheck';
import { dailyLimitMessage } from '../../src/domain/campaigns';
import { manyCustomers } from './campaign-fixtures';
import { pixCampaignsForFile, type SendingHarness } from './pix-campaigns-harness';
import type { FakePsp } from './pix-fake';

const pc = pixCampaignsForFile();
const { clock, faults, api, enviar, pay, chargesAtPsp, payment } = pc;
let h: SendingHarness;
let psp: FakePsp;
beforeAll(() => {
  ({ h, psp } = pc.started());
});

describe('price bands: the real recipients in bands of 100 (R$ 25,00 each)', () => {
  it.each([
    [1, '25.00'],
    [100, '25.00'],
    [101, '50.00'],
    [250, '75.00'],
  ])('%i recipients → R$ %s', async (n, valor) => {
    const owner = await h.ownerWith([
      ...manyCustomers(n),
      // Not recipients: an opted-out number and a second record of the first number.
      { name: 'Saiu', phone: '31999990000', optedOut: true },
      { name: 'Cliente 1 de novo', phone: manyCustomers(1)[0]?.phone ?? '' },
    ]);
    const id = await h.draft(owner);
    const res = await enviar(owner, id);
    expect(res.status).toBe(402);
    expect(res.body.payment).toMatchObject({ campaignId: id, valor, status: 'pendente' });
    expect(res.body.recipientCount).toBe(n);
  });
});

describe("'Enviar' with Pix on", () => {
  it('answers 402 with the charge; nothing goes out until the PSP confirms, then once', async () => {
    const owner = await h.ownerWith(manyCustomers(3));
    const id = await h.draft(owner);
    const res = await enviar(owner, id, 'enviar-1');
    expect(res.status).toBe(402);
    expect(Object.keys(res.body).sort()).toEqual(['message', 'payment', 'recipientCount']);
    expect(res.body.recipientCount).toBe(3);
    expect(res.body.message).toBe('Pague o Pix para enviar a campanha');
    const p = res.body.payment;
    expect(p).toMatchObject({ campaignId: id, valor: '25.00', status: 'pendente' });
    expect(p.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(p.pixQrCode).toMatch(/^data:image\/png;base64,/);
    expect(p.pixCopiaECola).toMatch(/^000201/);
    expect(new Date(p.expiresAt ?? '').getTime()).toBe(
      clock.now().getTime() + CHARGE_TTL_SECONDS * 1000,
    );

    // Not paid: the campaign is still a draft and the sender sends nothing.
    await h.drain(h.senderDeps(), owner.storeId);
    expect(h.sentTo(owner.storeId)).toHaveLength(0);
    const before = await h.campaignRow(id);
    expect(before?.confirmedAt).toBeNull();
    expect((await api(owner, 'GET', '/api/campanhas/limite-diario')).body.dailySent).toBe(0);

    // Paid: the server confirms the campaign by itself (the phone may be offline by now).
    await pay(p.id);
    const after = await h.campaignRow(id);
    expect(after?.confirmedAt).not.toBeNull();
    expect((await payment(owner, p.id)).body.status).toBe('pago');
    await h.drain(h.senderDeps(), owner.storeId);
    expect(h.sentTo(owner.storeId)).toHaveLength(3);
    expect((await h.campaignRow(id))?.status).toBe('enviado');

    // The phone comes back and replays its 'Enviar' (same key): 200, the campaign; no second send.
    const replay = await enviar(owner, id, 'enviar-1');
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ id, status: 'enviado' });
    expect((await enviar(owner, id, 'enviar-1')).headers.get('Idempotent-Replayed')).toBe('true');
    // A repeated notification and the re-check change nothing either.
    const [row] = await h.t.db.select().from(payments).where(eq(payments.id, p.id));
    await h.t.call('POST', '/api/webhooks/pix', {
      pix: [
        {
          endToEndId: row?.e2eid,
          txid: row?.txid,
          valor: '25.00',
          horario: new Date().toISOString(),
        },
      ],
    });
    clock.advance(RECHECK_INTERVAL_MS + 1);
    await recheckPayments(h.t.runtime.services);
    await h.drain(h.senderDeps(), owner.storeId);
    expect(h.sentTo(owner.storeId)).toHaveLength(3);
  });

  it('asking again (with or without the same key) answers the same live charge; the PSP holds one', async () => {
    const owner = await h.ownerWith(manyCustomers(2));
    const id = await h.draft(owner);
    const first = await enviar(owner, id, 'k-a');
    const again = await enviar(owner, id, 'k-a');
    const other = await enviar(owner, id);
    expect([first.status, again.status, other.status]).toEqual([402, 402, 402]);
    expect(again.headers.get('Idempotent-Replayed')).toBeNull();
    expect(again.body.payment.id).toBe(first.body.payment.id);
    expect(other.body.payment.id).toBe(first.body.payment.id);
    const txid = first.body.payment.id.replace(/-/g, '');
    expect(chargesAtPsp().filter((r) => r.path.endsWith(`/cob/${txid}`))).toHaveLength(1);
  });

  it('an expired charge shows expirado and asking again replaces it with a new one', async () => {
    const owner = await h.ownerWith(manyCustomers(2));
    const id = await h.draft(owner);
    const first = (await enviar(owner, id)).body.payment;
    clock.advance(CHARGE_TTL_SECONDS * 1000 + 1000);
    expect((await payment(owner, first.id)).body.status).toBe('expirado');
    const renewed = await enviar(owner, id);
    expect(renewed.status).toBe(402);
    expect(renewed.body.payment.id).not.toBe(first.id);
    expect(renewed.body.payment).toMatchObject({ status: 'pendente', valor: '25.00' });
    expect(new Date(renewed.body.payment.expiresAt ?? '').getTime()).toBeGreaterThan(
      clock.now().getTime(),
    );
    // The renewed charge is the one that pays the campaign.
    await pay(renewed.body.payment.id);
    expect((await h.campaignRow(id))?.confirmedAt).not.toBeNull();
  });

  it('every refusal comes before any charge: not found, cancelled, daily limit', async () => {
    const owner = await h.ownerWith(manyCustomers(2), 1);
    const other = await h.ownerWith(manyCustomers(2));

    // Another store's campaign answers like an unknown one.
    const foreign = await h.draft(other);
    expect((await enviar(owner, foreign)).status).toBe(404);
    expect((await enviar(owner, crypto.randomUUID())).status).toBe(404);

    const cancelled = await h.draft(owner);
    expect((await api(owner, 'PATCH', `/api/campanhas/${cancelled}/cancelar`)).status).toBe(200);
    expect(await enviar(owner, cancelled)).toMatchObject({
      status: 409,
      body: { message: 'Esta campanha foi cancelada' },
    });

    // The day's one campaign is taken (paid and confirmed): a draft reviewed before that is
    // refused at 'Enviar', not charged.
    const first = await h.draft(owner);
    const second = await h.draft(owner);
    const charged = await enviar(owner, first);
    // On failure the answer is shown whole (a 409 or 429 here would say why it was not charged).
    expect(charged).toMatchObject({ status: 402, body: { payment: { campaignId: first } } });
    await pay(charged.body.payment.id);
    expect(await enviar(owner, second)).toMatchObject({
      status: 429,
      body: { message: dailyLimitMessage(1) },
    });
    // One charge only: the first campaign's. Counted for these campaigns (the PSP fake is shared
    // by the file, and an earlier test's re-check may still be creating charges of its own).
    const mine = await h.t.db
      .select({ txid: payments.txid })
      .from(payments)
      .where(inArray(payments.campaignId, [foreign, cancelled, first, second]));
    const txids = new Set(mine.map((row) => row.txid));
    const atPsp = chargesAtPsp().filter((r) => txids.has(r.path.split('/cob/')[1] ?? ''));
    expect(atPsp).toHaveLength(1);
    expect(mine).toHaveLength(1);
  });

  it('an Idempotency-Key already stored never skips the payment of another, unpaid campaign', async () => {
    const owner = await h.ownerWith(manyCustomers(2));
    const first = await h.draft(owner);
    await pay((await enviar(owner, first, 'chave-reusada')).body.payment.id);
    expect((await enviar(owner, first, 'chave-reusada')).status).toBe(200);
    // The same key for another campaign: the gate still runs (the nightly clean-up could delete
    // the key before the confirming transaction, which would then confirm it unpaid).
    const second = await h.draft(owner);
    const res = await enviar(owner, second, 'chave-reusada');
    expect(res.status).toBe(402);
    expect(res.body.payment).toMatchObject({ campaignId: second, status: 'pendente' });
    expect((await h.campaignRow(second))?.confirmedAt).toBeNull();
  });

  it("another store's payment id is 404, like an unknown one", async () => {
    const owner = await h.ownerWith(manyCustomers(2));
    const other = await h.ownerWith(manyCustomers(2));
    const id = await h.draft(owner);
    const p = (await enviar(owner, id)).body.payment;
    expect(await payment(other, p.id)).toMatchObject({
      status: 404,
      body: { message: 'Pagamento não encontrado' },
    });
    expect((await payment(owner, p.id)).status).toBe(200);
  });
});

describe('refunds', () => {
  it('cancelling a paid campaign before it starts refunds it: devolvido, the whole amount', async () => {
    const owner = await h.ownerWith(manyCustomers(120));
    const id = await h.draft(owner, { sendNow: false, scheduledDate: '2099-06-01T10:00' });
    const p = (await enviar(owner, id)).body.payment;
    expect(p.valor).toBe('50.00');
    await pay(p.id);
    expect((await h.campaignRow(id))?.confirmedAt).not.toBeNull();
    const cancel = await api(owner, 'PATCH', `/api/campanhas/${id}/cancelar`);
    expect(cancel).toMatchObject({ status: 200, body: { id, status: 'cancelado' } });
    expect((await payment(owner, p.id)).body).toMatchObject({
      status: 'devolvido',
      refundReason: 'Campanha cancelada',
    });
    const devolucoes = psp.requests.filter(
      (r) => r.method === 'PUT' && r.path.includes('/devolucao/'),
    );
    expect(devolucoes.at(-1)?.body).toMatchObject({ valor: '50.00' });
    await h.drain(h.senderDeps(), owner.storeId);
    expect(h.sentTo(owner.storeId)).toHaveLength(0);
  });

  it('a PSP down at cancel does not undo the cancel; the re-check refunds it later', async () => {
    const owner = await h.ownerWith(manyCustomers(2));
    const id = await h.draft(owner, { sendNow: false, scheduledDate: '2099-06-02T10:00' });
    const p = (await enviar(owner, id)).body.payment;
    await pay(p.id);
    faults.refundsDown = true;
    try {
      const cancel = await api(owner, 'PATCH', `/api/campanhas/${id}/cancelar`);
      expect(cancel).toMatchObject({ status: 200, body: { status: 'cancelado' } });
      expect((await payment(owner, p.id)).body.status).toBe('pago');
    } finally {
      faults.refundsDown = false;
    }
    await recheckPayments(h.t.runtime.services);
    expect((await payment(owner, p.id)).body.status).toBe('devolvido');
  });

  it('a paid campaign a rule refuses at confirmation (daily limit taken meanwhile) is refunded, with why', async () => {
    const owner = await h.ownerWith(manyCustomers(2), 1);
    const a = await h.draft(owner);
    const b = await h.draft(owner);
    const pa = (await enviar(owner, a)).body.payment;
    const pb = (await enviar(owner, b)).body.payment;
    await pay(pa.id);
    await pay(pb.id);
    expect((await h.campaignRow(a))?.confirmedAt).not.toBeNull();
    expect((await h.campaignRow(b))?.confirmedAt).toBeNull();
    expect((await payment(owner, pb.id)).body).toMatchObject({
      status: 'devolvido',
      refundReason: dailyLimitMessage(1),
    });
    expect((await payment(owner, pa.id)).body.status).toBe('pago');
  });

  it('a draft cancelled while its charge waits: the charge is withdrawn at the PSP', async () => {
    const owner = await h.ownerWith(manyCustomers(2));
    const id = await h.draft(owner);
    const p = (await enviar(owner, id)).body.payment;
    expect((await api(owner, 'PATCH', `/api/campanhas/${id}/cancelar`)).status).toBe(200);
    expect((await payment(owner, p.id)).body.status).toBe('cancelado');
    const txid = p.id.replace(/-/g, '');
    expect(psp.cobs.get(txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });
});

/** `n` customers registered now on the server's clock (after any charge made before). */
