/** Campaign sending through a local Evolution API stand-in: who gets what, pacing, window, pauses. */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages } from '../../server/db/schema';
import { DISCONNECTED_REASON } from '../../server/services/campaigns/pause';
import { instanceNameFor } from '../../server/services/whatsapp/connections';
import type { CampaignJson } from '../../src/domain/campaigns';
import { OPT_OUT_FOOTER } from '../../src/domain/campaigns';
import { localDateTimeToInstant } from '../../src/domain/zoned-time';
import type { CampaignReport } from '../../src/features/campaigns/api';
import { manyCustomers, movableClock, photoDataUrl } from './campaign-fixtures';
import { CLIENT_TIMEOUT_MS, startSendingHarness } from './campaign-sending-harness';
import { type JsonObject, type Owner, send } from './fixtures';

let h: Awaited<ReturnType<typeof startSendingHarness>>;
beforeAll(async () => {
  h = await startSendingHarness();
});
afterAll(async () => {
  await h.fake.close();
  await h.t.close();
});

const api = <T = JsonObject>(o: Owner, method: string, path: string, body?: unknown) =>
  send<T>(h.t, method, path, { token: o.token, body });

/** A draft sent with 'Enviar' (campaigns are free here): confirmed, ready for the sender. */
async function confirmed(o: Owner, body: Record<string, unknown> = {}) {
  const id = await h.draft(o, body);
  const res = await api(o, 'POST', '/api/campanhas/enviar', { campaignId: id });
  expect(res.status).toBe(200);
  return id;
}

/** Every send request to the store's instance, accepted or not. */
const attempts = (storeId: string) =>
  h.fake.requests.filter(
    (r) => r.path.startsWith('/message/') && r.path.endsWith(instanceNameFor(storeId)),
  );
const numbers = (storeId: string) =>
  h.sentTo(storeId).map((r) => (r.body as { number: string }).number);

describe('sending a campaign', () => {
  it('N customers → N messages with {nome}, the SAIR line, opt-outs and shared numbers once', async () => {
    const owner = await h.ownerWith([
      { name: 'Maria Souza', phone: '11987654321' },
      { name: 'Maria antigo', phone: '1187654321' }, // same mobile, no ninth digit
      { name: 'João Lima', phone: '21988887777' },
      { name: 'Ana', phone: '3133334444' },
      { name: 'Pedro', phone: '11911112222', optedOut: true },
      ...manyCustomers(6),
    ]);
    const id = await confirmed(owner);
    const result = await h.drain(h.senderDeps(), owner.storeId);
    expect(result?.kind).toBe('idle');
    const sent = h.sentTo(owner.storeId);
    expect(sent).toHaveLength(9);
    expect(new Set(numbers(owner.storeId)).size).toBe(9);
    expect(numbers(owner.storeId)).not.toContain('5511911112222');
    const maria = sent.find((r) => (r.body as { number: string }).number === '5511987654321');
    expect((maria?.body as { text?: string } | undefined)?.text).toBe(
      `Olá Maria, 20% off hoje!\n\n${OPT_OUT_FOOTER}`,
    );
    const report = await api<CampaignReport>(owner, 'GET', `/api/campanhas/${id}/relatorio`);
    expect(report.body.campaign).toMatchObject({
      status: 'enviado',
      sentCount: '9',
      recipientCount: 9,
    });
    expect(report.body.campaign.sentAt).not.toBeNull();
    expect(report.body.counts).toEqual({
      total: 9,
      pending: 0,
      sent: 9,
      unconfirmed: 0,
      failed: 0,
      skipped: 2,
    });
    const pedro = report.body.recipients.find((r: { name: string }) => r.name === 'Pedro');
    expect(pedro).toMatchObject({
      status: 'skipped',
      error: 'Cliente pediu para não receber promoções (SAIR)',
    });
    const log = await h.t.db
      .select()
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.storeId, owner.storeId),
          eq(conversationMessages.author, 'campaign'),
        ),
      );
    expect(log).toHaveLength(9);
    expect((await api<CampaignJson[]>(owner, 'GET', '/api/campanhas')).body[0]?.status).toBe(
      'enviado',
    );
  });

  it('an image campaign goes out as media with the message as caption', async () => {
    const owner = await h.ownerWith(manyCustomers(2));
    const up = await api<{ imageUrl: string }>(owner, 'POST', '/api/campanhas/upload', {
      imageBase64: await photoDataUrl('png'),
    });
    await confirmed(owner, { imageUrl: up.body.imageUrl });
    await h.drain(h.senderDeps(), owner.storeId);
    const sent = h.sentTo(owner.storeId);
    expect(sent).toHaveLength(2);
    for (const r of sent) {
      expect(r.path).toBe(`/message/sendMedia/${instanceNameFor(owner.storeId)}`);
      expect(r.body).toMatchObject({ mediatype: 'image', media: up.body.imageUrl });
      expect((r.body as { caption: string }).caption).toMatch(/^Olá Cliente, 20% off hoje!\n\n/);
    }
    expect(up.body.imageUrl.startsWith('https://tali.exemplo.com.br/api/campanhas/imagens/')).toBe(
      true,
    );
  });

  it('paces one store: no two messages closer than the minimum, at most N per hour', async () => {
    const owner = await h.ownerWith(manyCustomers(5));
    await confirmed(owner);
    const deps = h.senderDeps({ minGapMs: 150, maxGapMs: 250, maxPerHour: 4 });
    const result = await h.drain(deps, owner.storeId);
    const at = h.sentTo(owner.storeId).map((r) => r.at);
    expect(at).toHaveLength(4);
    for (let i = 1; i < at.length; i++)
      expect((at[i] ?? 0) - (at[i - 1] ?? 0)).toBeGreaterThanOrEqual(145);
    // The fifth waits for the hour to roll over.
    expect(result?.kind).toBe('again');
    if (result?.kind === 'again') {
      expect(result.at.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    }
  });

  it('pauses when WhatsApp disconnects and resumes by itself on reconnect', async () => {
    const owner = await h.ownerWith(manyCustomers(4));
    const id = await confirmed(owner);
    h.fake.instances.set(instanceNameFor(owner.storeId), 'close');
    const result = await h.drain(h.senderDeps(), owner.storeId);
    expect(result?.kind).toBe('idle');
    const paused = (await api<CampaignJson[]>(owner, 'GET', '/api/campanhas')).body[0];
    expect(paused).toMatchObject({
      id,
      status: 'pausado',
      pauseReason: DISCONNECTED_REASON,
      sentCount: '0',
    });
    const report = await api<CampaignReport>(owner, 'GET', `/api/campanhas/${id}/relatorio`);
    expect(report.body.counts.pending).toBe(4);
    h.fake.instances.set(instanceNameFor(owner.storeId), 'open');
    await h.drain(h.senderDeps(), owner.storeId);
    expect((await h.campaignRow(id))?.status).toBe('enviado');
    expect(new Set(numbers(owner.storeId)).size).toBe(4);
    expect(numbers(owner.storeId).filter((n) => n === numbers(owner.storeId)[0])).toHaveLength(1);
  });

  it('a number not on WhatsApp fails once; other failures are retried', async () => {
    const owner = await h.ownerWith(manyCustomers(3));
    const id = await confirmed(owner);
    h.fake.notOnWhatsApp.add('5511910000001');
    h.fake.options.failNextSends = 1;
    await h.drain(h.senderDeps(), owner.storeId);
    const report = await api<CampaignReport>(owner, 'GET', `/api/campanhas/${id}/relatorio`);
    expect(report.body.counts).toMatchObject({ sent: 2, failed: 1, pending: 0 });
    const failed = report.body.recipients.find((r: { status: string }) => r.status === 'failed');
    expect(failed?.error).toBe('Este número não tem WhatsApp');
    const tried = attempts(owner.storeId).map((r) => (r.body as { number: string }).number);
    expect(tried.filter((n) => n === '5511910000001')).toHaveLength(1);
    h.fake.notOnWhatsApp.clear();
    expect((await h.campaignRow(id))?.status).toBe('enviado');
  });

  it('many failures in a row pause the campaign', async () => {
    const owner = await h.ownerWith(manyCustomers(6, 'Falha'));
    const id = await confirmed(owner);
    h.fake.options.failNextSends = 100;
    await h.drain(h.senderDeps({ failureStreakLimit: 3, retryBaseMs: 60_000 }), owner.storeId);
    h.fake.options.failNextSends = 0;
    const row = await h.campaignRow(id);
    expect(row?.status).toBe('pausado');
    expect(row?.pauseReason).toMatch(/^Muitas falhas seguidas no envio/);
    expect(attempts(owner.storeId)).toHaveLength(3);
    expect(h.sentTo(owner.storeId)).toHaveLength(0);
  });

  it('cancelling a running campaign stops what was not sent', async () => {
    const owner = await h.ownerWith(manyCustomers(5));
    const id = await confirmed(owner);
    // One message, then the hourly cap holds the rest back.
    await h.drain(h.senderDeps({ maxPerHour: 1 }), owner.storeId);
    expect((await h.campaignRow(id))?.status).toBe('em andamento');
    const res = await api(owner, 'PATCH', `/api/campanhas/${id}/cancelar`);
    expect(res.body.status).toBe('cancelado');
    await h.drain(h.senderDeps(), owner.storeId);
    expect(h.sentTo(owner.storeId)).toHaveLength(1);
    const report = await api<CampaignReport>(owner, 'GET', `/api/campanhas/${id}/relatorio`);
    expect(report.body.counts).toMatchObject({ sent: 1, skipped: 4, pending: 0 });
  });

  it('two senders at once on one store: each customer once', async () => {
    const owner = await h.ownerWith(manyCustomers(20));
    const id = await confirmed(owner);
    await Promise.all([
      h.drain(h.senderDeps(), owner.storeId),
      h.drain(h.senderDeps(), owner.storeId),
      h.drain(h.senderDeps(), owner.storeId),
    ]);
    await h.drain(h.senderDeps(), owner.storeId);
    const report = await api<CampaignReport>(owner, 'GET', `/api/campanhas/${id}/relatorio`);
    expect(
      report.body.counts,
      JSON.stringify(report.body.recipients.filter((r: { status: string }) => r.status !== 'sent')),
    ).toMatchObject({ sent: 20 });
    expect(h.sentTo(owner.storeId)).toHaveLength(20);
    expect(new Set(numbers(owner.storeId)).size).toBe(20);
  });

  it('stops at the end of the send window and goes on by itself at the next opening', async () => {
    const owner = await h.ownerWith(manyCustomers(3));
    const id = await confirmed(owner);
    const day = new Date(Date.now() + 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
    const at = (local: string) => {
      const d = localDateTimeToInstant(local, 'America/Sao_Paulo');
      if (!d) throw new Error(local);
      return d;
    };
    const clock = movableClock(at(`${day}T19:59`));
    const deps = h.senderDeps(
      { minGapMs: 40_000, maxGapMs: 40_000, window: { start: 8 * 60, end: 20 * 60 } },
      clock.now,
    );
    expect((await h.drain(deps, owner.storeId))?.kind).toBe('again');
    clock.advance(40_000); // 19:59:40
    await h.drain(deps, owner.storeId);
    expect(h.sentTo(owner.storeId)).toHaveLength(2);
    clock.advance(40_000); // 20:00:20: the window is closed
    const closed = await h.drain(deps, owner.storeId);
    const row = await h.campaignRow(id);
    expect(row?.status).toBe('pausado');
    const next = new Date(`${day}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const label = `${next.toISOString().slice(8, 10)}/${next.toISOString().slice(5, 7)} às 08:00`;
    expect(row?.pauseReason).toBe(`Fora do horário de envio. Continua em ${label}.`);
    expect(closed?.kind === 'again' && closed.at.toISOString()).toBe(
      new Date(next.getTime() - 3_600_000).toISOString(),
    );
    expect(h.sentTo(owner.storeId)).toHaveLength(2);
    clock.set(new Date(next.getTime() - 3_600_000)); // 08:00 local, next day
    await h.drain(deps, owner.storeId);
    expect(h.sentTo(owner.storeId)).toHaveLength(3);
    expect((await h.campaignRow(id))?.status).toBe('enviado');
  });
});

describe('sending when the gateway misbehaves: nobody gets a message twice', () => {
  /** Each number's sends that reached the customer's phone. */
  const perNumber = (storeId: string) => {
    const counts = new Map<string, number>();
    for (const n of numbers(storeId)) counts.set(n, (counts.get(n) ?? 0) + 1);
    return counts;
  };
  /** The gateway answers the next send after the client gave up, then the connection flaps. */
  function lateAnswerThenFlap(storeId: string) {
    const instance = instanceNameFor(storeId);
    h.fake.options.lateSends = 1;
    h.fake.options.lateMs = CLIENT_TIMEOUT_MS + 800;
    h.fake.options.afterLate = () => h.fake.instances.set(instance, 'close');
    return () => h.fake.instances.set(instance, 'open');
  }
  async function report(o: Owner, id: string) {
    return (await api<CampaignReport>(o, 'GET', `/api/campanhas/${id}/relatorio`)).body;
  }
  /** Sender runs across reconnects and retries, as the sweep would make them. */
  async function runUntilSettled(storeId: string, reconnect: () => void) {
    for (let i = 0; i < 4; i++) {
      await h.drain(h.senderDeps(), storeId);
      reconnect();
      await new Promise((r) => setTimeout(r, 30));
    }
  }
  afterAll(() => {
    h.fake.options.saveMessages = true;
    h.fake.options.afterLate = null;
  });

  it('an answer after the timeout, then a flapping connection: sent once, found at the gateway', async () => {
    const owner = await h.ownerWith(manyCustomers(3, 'Tarde'));
    const id = await confirmed(owner);
    const reconnect = lateAnswerThenFlap(owner.storeId);
    await runUntilSettled(owner.storeId, reconnect);
    const counts = perNumber(owner.storeId);
    expect(counts.size).toBe(3);
    expect([...counts.values()]).toEqual([1, 1, 1]);
    // Evolution kept the message it sent: the look-up found it, so the report says sent.
    const r = await report(owner, id);
    expect(r.counts).toMatchObject({ sent: 3, unconfirmed: 0, pending: 0, failed: 0 });
    expect(r.campaign).toMatchObject({ status: 'enviado', sentCount: '3' });
  });

  it('an answer after the timeout that the gateway cannot show: não confirmado, never sent again', async () => {
    const owner = await h.ownerWith(manyCustomers(3, 'Sumida'));
    const id = await confirmed(owner);
    h.fake.options.saveMessages = false; // findMessages has nothing to show
    const reconnect = lateAnswerThenFlap(owner.storeId);
    await runUntilSettled(owner.storeId, reconnect);
    // Later look-ups (the sweep wakes the sender for them) change nothing either.
    await h.t.db.execute(
      sql`update campaign_recipients set next_attempt_at = now() where status = 'unconfirmed'`,
    );
    await runUntilSettled(owner.storeId, reconnect);
    h.fake.options.saveMessages = true;
    const counts = perNumber(owner.storeId);
    expect(counts.size).toBe(3);
    expect([...counts.values()]).toEqual([1, 1, 1]);
    const r = await report(owner, id);
    expect(r.counts).toMatchObject({ sent: 2, unconfirmed: 1, pending: 0, failed: 0 });
    const unsure = r.recipients.find((x: { status: string }) => x.status === 'unconfirmed');
    expect(unsure?.error).toMatch(/não confirmou/);
    expect(r.campaign.status).toBe('enviado');
  });

  it('a timeout on a connected store is not "not sent": the message is not repeated', async () => {
    const owner = await h.ownerWith(manyCustomers(2, 'Cinco'));
    const id = await confirmed(owner);
    h.fake.options.lateSends = 1;
    h.fake.options.lateMs = CLIENT_TIMEOUT_MS + 800;
    h.fake.options.saveMessages = false;
    await runUntilSettled(owner.storeId, () => {});
    h.fake.options.saveMessages = true;
    expect([...perNumber(owner.storeId).values()]).toEqual([1, 1]);
    expect((await report(owner, id)).counts).toMatchObject({ sent: 1, unconfirmed: 1 });
  });

  it('a message the gateway shows as not delivered (ERROR) is sent again', async () => {
    const owner = await h.ownerWith(manyCustomers(2, 'Erro'));
    const id = await confirmed(owner);
    const instance = instanceNameFor(owner.storeId);
    h.fake.options.lateSends = 1;
    h.fake.options.lateMs = CLIENT_TIMEOUT_MS + 800;
    h.fake.options.afterLate = () =>
      h.fake.setStatus(instance, (h.fake.stored.get(instance)?.length ?? 1) - 1, 'ERROR');
    await runUntilSettled(owner.storeId, () => {});
    h.fake.options.afterLate = null;
    const tries = [...perNumber(owner.storeId).values()].sort();
    expect(tries).toEqual([1, 2]);
    expect((await report(owner, id)).counts).toMatchObject({ sent: 2, unconfirmed: 0 });
  });

  it('recording a send fails once: retried until recorded, the customer gets it once', async () => {
    const owner = await h.ownerWith(manyCustomers(3, 'Banco'));
    const id = await confirmed(owner);
    const deps = h.senderDeps();
    let failed = false;
    const before = h.sentTo(owner.storeId).length;
    // The database drops the first write after the gateway accepted a message (markSent).
    deps.db = new Proxy(deps.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== 'execute') return typeof value === 'function' ? value.bind(target) : value;
        return (...args: unknown[]) => {
          if (!failed && h.sentTo(owner.storeId).length > before) {
            failed = true;
            return Promise.reject(new Error('Connection terminated unexpectedly'));
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    for (let i = 0; i < 3; i++) {
      await h.drain(deps, owner.storeId).catch(() => null);
      await h.drain(h.senderDeps(), owner.storeId).catch(() => null);
    }
    expect(failed).toBe(true);
    expect([...perNumber(owner.storeId).values()]).toEqual([1, 1, 1]);
    const r = await report(owner, id);
    expect(r.counts).toMatchObject({ sent: 3, unconfirmed: 0, pending: 0 });
    expect(r.campaign.sentCount).toBe('3');
  });
});
