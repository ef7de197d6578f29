/** Pix-paid campaigns, continued from pix-campaigns.test.ts: paid = sent, refunds of bands not used, no payment lost, no second payment kept. */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, customers, payments } from '../../server/db/schema';
import { startCampaign } from '../../server/services/campaigns/start';
import { WHATSAPP_DISCONNECTED_MESSAGE } from '../../server/services/payments/campaign-gate';
import {
  DISCONNECTED_REFUND_AFTER_MS,
  DISCONNECTED_REFUND_REASON,
} from '../../server/services/payments/campaign-refunds';
import {
  CHARGE_TTL_SECONDS,
  RECHECK_INTERVAL_MS,
} from '../../server/services/payments/payments-service';
import { recheckPayments } from '../../server/services/payments/recheck';
import { NOTIFY_RECHECK_MS } from '../../server/services/payments/webhook';
import { instanceNameFor } from '../../server/services/whatsapp/connections';
import { instantToLocalDateTime } from '../../src/domain/zoned-time';
import type { CampaignReport } from '../../src/features/campaigns/api';
import { manyCustomers } from './campaign-fixtures';
import type { Owner } from './fixtures';
import { pixCampaignsForFile, type SendingHarness } from './pix-campaigns-harness';
import type { FakePsp } from './pix-fake';

const pc = pixCampaignsForFile();
const { clock, faults, api, enviar, pay, chargesAtPsp, payment } = pc;
let h: SendingHarness;
let psp: FakePsp;
beforeAll(() => {
  ({ h, psp } = pc.started());
});

async function customersAddedNow(storeId: string, n: number, prefix: string) {
  const at = clock.now().getTime();
  await h.t.db.insert(customers).values(
    Array.from({ length: n }, (_, i) => ({
      id: randomUUID(),
      storeId,
      name: `${prefix} ${i + 1}`,
      phone: `219${String(20_000_000 + i).padStart(8, '0')}`,
      createdAt: new Date(at + 1000 + i),
    })),
  );
}

const report = (o: Owner, id: string) =>
  api<CampaignReport>(o, 'GET', `/api/campanhas/${id}/relatorio`);
const devolucoes = () =>
  psp.requests.filter((r) => r.method === 'PUT' && r.path.includes('/devolucao/'));

describe('paid = sent', { timeout: 120_000 }, () => {
  it('customers added between the charge and the payment wait for the next campaign; nobody beyond what was paid is sent to', async () => {
    const owner = await h.ownerWith(manyCustomers(80));
    const id = await h.draft(owner);
    const p = (await enviar(owner, id)).body.payment;
    expect(p.valor).toBe('25.00');
    // 150 more customers arrive before the owner pays the same code.
    await customersAddedNow(owner.storeId, 150, 'Chegou depois');
    await pay(p.id);
    await h.drain(h.senderDeps(), owner.storeId);
    expect(h.sentTo(owner.storeId)).toHaveLength(80);
    const r = await report(owner, id);
    expect(r.body.campaign).toMatchObject({ status: 'enviado', recipientCount: 80 });
    expect(r.body.counts).toMatchObject({ sent: 80, total: 80 });
    const waiting = r.body.recipients.filter((x: { name: string }) =>
      x.name.startsWith('Chegou depois'),
    );
    expect(waiting).toHaveLength(150);
    expect(waiting[0]).toMatchObject({
      status: 'skipped',
      error: 'Cadastrado depois do pagamento: fica para a próxima campanha',
    });
    expect(r.body.billing).toMatchObject({
      valor: '25.00',
      paidBands: 1,
      waitingNextCampaign: 150,
      waitingText: '150 clientes cadastrados depois do pagamento ficam para a próxima campanha.',
      refundAmount: null,
    });
  });

  it('whole bands paid and not reached (opt-outs) are refunded when the campaign ends; the report says so', async () => {
    const owner = await h.ownerWith(manyCustomers(150));
    const id = await h.draft(owner);
    const p = (await enviar(owner, id)).body.payment;
    expect(p.valor).toBe('50.00');
    // 60 ask to stop (SAIR) before it starts: 90 left, one band of the two paid is unused.
    const seeded = await h.t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.storeId, owner.storeId));
    await h.t.db
      .update(customers)
      .set({ optedOut: true })
      .where(
        inArray(
          customers.id,
          seeded.slice(0, 60).map((c) => c.id),
        ),
      );
    await pay(p.id);
    await h.drain(h.senderDeps(), owner.storeId);
    expect(h.sentTo(owner.storeId)).toHaveLength(90);
    expect((await h.campaignRow(id))?.status).toBe('enviado');
    clock.advance(RECHECK_INTERVAL_MS + 1);
    await recheckPayments(h.t.runtime.services);
    const txDevolucoes = devolucoes().filter((d) => d.path.includes(p.id.replace(/-/g, '')));
    expect(txDevolucoes).toHaveLength(1);
    expect(txDevolucoes[0]?.body).toMatchObject({ valor: '25.00' });
    expect((await payment(owner, p.id)).body).toMatchObject({
      status: 'pago',
      refundAmount: '25.00',
      refundStatus: 'EM_PROCESSAMENTO',
    });
    const r = await report(owner, id);
    expect(r.body.billing).toMatchObject({ paidBands: 2, refundAmount: '25.00' });
    expect(r.body.billing?.refundText).toBe(
      'Devolução em processamento: R$\u00a025,00 volta para a conta que pagou o Pix. Devolução de R$\u00a025,00: 1 faixa de 100 clientes não foi usada (90 clientes alcançados).',
    );
    // Settled once: another run returns nothing more.
    clock.advance(RECHECK_INTERVAL_MS + 1);
    await recheckPayments(h.t.runtime.services);
    expect(devolucoes().filter((d) => d.path.includes(p.id.replace(/-/g, '')))).toHaveLength(1);
  });
});

describe('cancel with a message in flight', () => {
  it('refunds the bands not used, counted once the message in flight settled', async () => {
    const owner = await h.ownerWith(manyCustomers(150));
    const id = await h.draft(owner);
    const p = (await enviar(owner, id)).body.payment;
    expect(p.valor).toBe('50.00');
    await pay(p.id);
    // Started: 150 recipients fixed; 10 went out and one is being sent right now.
    expect(await startCampaign(h.t.db, id, clock.now())).toBe(true);
    const rows = await h.t.db
      .select({ id: campaignRecipients.id })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    const sentIds = rows.slice(0, 10).map((r) => r.id);
    const inFlight = rows[10]?.id ?? '';
    await h.t.db
      .update(campaignRecipients)
      .set({ status: 'sent', sentAt: clock.now(), settledAt: clock.now() })
      .where(inArray(campaignRecipients.id, sentIds));
    await h.t.db
      .update(campaignRecipients)
      .set({ status: 'sending', claimedAt: clock.now(), attempts: 1 })
      .where(eq(campaignRecipients.id, inFlight));
    await h.t.db
      .update(campaigns)
      .set({ status: 'em andamento', sentCount: 10 })
      .where(eq(campaigns.id, id));

    const cancel = await api(owner, 'PATCH', `/api/campanhas/${id}/cancelar`);
    expect(cancel).toMatchObject({ status: 200, body: { status: 'cancelado' } });
    // The message in flight may still go: nothing is returned yet.
    expect((await payment(owner, p.id)).body).toMatchObject({ status: 'pago', refundAmount: null });
    // It went out: 11 reached, one band of the two used; the other goes back.
    await h.t.db
      .update(campaignRecipients)
      .set({ status: 'sent', sentAt: clock.now(), settledAt: clock.now() })
      .where(eq(campaignRecipients.id, inFlight));
    clock.advance(RECHECK_INTERVAL_MS + 1);
    await recheckPayments(h.t.runtime.services);
    expect((await payment(owner, p.id)).body).toMatchObject({
      status: 'pago',
      refundAmount: '25.00',
    });
    expect((await report(owner, id)).body.billing?.refundText).toContain('11 clientes alcançados');
  });
});

describe('no payment lost with its notification', () => {
  it('a replaced charge whose removal failed, paid with no notification: the re-check finds it and the campaign goes', async () => {
    const owner = await h.ownerWith(manyCustomers(2));
    const id = await h.draft(owner);
    const first = (await enviar(owner, id)).body.payment;
    // More customers: the amount changes, the first charge is replaced; its removal fails.
    await customersAddedNow(owner.storeId, 120, 'Novo');
    faults.removalsDown = true;
    let second: { id: string; valor: string };
    try {
      second = (await enviar(owner, id)).body.payment;
    } finally {
      faults.removalsDown = false;
    }
    expect(second.valor).toBe('50.00');
    expect((await payment(owner, first.id)).body.status).toBe('cancelado');
    // The payer pays the first code (still payable at the PSP); the notification is lost.
    psp.pay(first.id.replace(/-/g, ''));
    clock.advance(RECHECK_INTERVAL_MS + 1);
    await recheckPayments(h.t.runtime.services);
    expect((await payment(owner, first.id)).body.status).toBe('pago');
    expect((await payment(owner, second.id)).body.status).toBe('cancelado');
    expect((await h.campaignRow(id))?.confirmedAt).not.toBeNull();
    await h.drain(h.senderDeps(), owner.storeId);
    // It paid for the 2 customers present when it was made: those 2 get it, the 120 wait.
    expect(h.sentTo(owner.storeId)).toHaveLength(2);
  });
});

describe('a second payment is never kept', () => {
  it('two charges paid, the first refund failing: one kept, the other refunded by the re-check; sent once', async () => {
    const owner = await h.ownerWith(manyCustomers(3));
    const id = await h.draft(owner);
    const a = (await enviar(owner, id)).body.payment;
    clock.advance(CHARGE_TTL_SECONDS * 1000 + 1000);
    const b = (await enviar(owner, id)).body.payment;
    expect(b.id).not.toBe(a.id);
    await pay(b.id);
    faults.refundsDown = true;
    try {
      const late = psp.pay(a.id.replace(/-/g, ''), { late: true });
      clock.advance(NOTIFY_RECHECK_MS);
      await h.t.call('POST', '/api/webhooks/pix/pix', late);
      // Kept back, owed: the owner sees why even before the PSP accepts the devolução.
      expect((await payment(owner, a.id)).body).toMatchObject({
        status: 'pago',
        refundReason: 'Pagamento em duplicidade',
        refundStatus: null,
      });
      clock.advance(RECHECK_INTERVAL_MS + 1);
      await recheckPayments(h.t.runtime.services);
      expect((await payment(owner, a.id)).body.status).toBe('pago');
    } finally {
      faults.refundsDown = false;
    }
    clock.advance(RECHECK_INTERVAL_MS + 1);
    await recheckPayments(h.t.runtime.services);
    expect((await payment(owner, a.id)).body).toMatchObject({
      status: 'devolvido',
      refundReason: 'Pagamento em duplicidade',
      refundAmount: '25.00',
    });
    expect((await payment(owner, b.id)).body).toMatchObject({ status: 'pago', refundReason: null });
    await h.drain(h.senderDeps(), owner.storeId);
    expect(h.sentTo(owner.storeId)).toHaveLength(3);
  });

  it('two payments confirmed at the same moment: exactly one kept, the other refunded', async () => {
    const owner = await h.ownerWith(manyCustomers(2));
    const id = await h.draft(owner);
    const a = (await enviar(owner, id)).body.payment;
    clock.advance(CHARGE_TTL_SECONDS * 1000 + 1000);
    const b = (await enviar(owner, id)).body.payment;
    const na = psp.pay(a.id.replace(/-/g, ''), { late: true });
    const nb = psp.pay(b.id.replace(/-/g, ''));
    clock.advance(NOTIFY_RECHECK_MS);
    await Promise.all([
      h.t.call('POST', '/api/webhooks/pix/pix', na),
      h.t.call('POST', '/api/webhooks/pix/pix', nb),
    ]);
    const statuses = [
      (await payment(owner, a.id)).body.status,
      (await payment(owner, b.id)).body.status,
    ].sort();
    expect(statuses).toEqual(['devolvido', 'pago']);
  });
});

describe('WhatsApp disconnected: no charge for a campaign that cannot go', () => {
  it('a send-now campaign is refused with 409 and no charge; a scheduled one may be paid, and is refunded after 24 h if WhatsApp never comes back', async () => {
    const owner = await h.ownerWith(manyCustomers(2));
    h.fake.instances.set(instanceNameFor(owner.storeId), 'close');
    const charges = chargesAtPsp().length;
    const now = await h.draft(owner);
    expect(await enviar(owner, now)).toMatchObject({
      status: 409,
      body: { message: WHATSAPP_DISCONNECTED_MESSAGE },
    });
    expect(chargesAtPsp().length).toBe(charges);

    const at = new Date(clock.now().getTime() + 2 * 60 * 60_000);
    const later = await h.draft(owner, {
      sendNow: false,
      scheduledDate: instantToLocalDateTime(at, 'America/Sao_Paulo'),
    });
    const res = await enviar(owner, later);
    expect(res.status).toBe(402);
    await pay(res.body.payment.id);
    // Its time comes with WhatsApp still disconnected: the owner sees why it waits.
    clock.advance(2 * 60 * 60_000 + 60_000);
    await h.drain(h.senderDeps(), owner.storeId);
    expect(h.sentTo(owner.storeId)).toHaveLength(0);
    expect((await h.campaignRow(later))?.status).toBe('pausado');
    expect((await h.campaignRow(later))?.pauseReason).toContain('WhatsApp desconectado');
    // A day later, still disconnected: cancelled and the money returned in full.
    clock.advance(DISCONNECTED_REFUND_AFTER_MS);
    await recheckPayments(h.t.runtime.services);
    expect(await h.campaignRow(later)).toMatchObject({
      status: 'cancelado',
      pauseReason: DISCONNECTED_REFUND_REASON,
    });
    // (A day later the test session has expired: the row is read directly.)
    const [refunded] = await h.t.db
      .select()
      .from(payments)
      .where(eq(payments.id, res.body.payment.id));
    expect(refunded).toMatchObject({
      status: 'devolvido',
      refundReason: DISCONNECTED_REFUND_REASON,
      refundAmount: '25.00',
    });
  });
});
