/**
 * GET /metrics (issue 25): off unless METRICS_TOKEN is set, then bearer-protected; Prometheus'
 * text with requests by route pattern and status, jobs by queue and state, campaign messages by
 * outcome, payments by state and offline replay batches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, payments } from '../../server/db/schema';
import { defineJob } from '../../server/jobs/define';
import { createOwner, newId, type Owner } from './fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

const TOKEN = 'metricas-segredo-0123456789';
let t: TestApp;
let owner: Owner;

const probe = defineJob<object>({ name: 'metrics-probe', run: async () => {} });

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ METRICS_TOKEN: TOKEN }) }, { jobs: [probe] });
  owner = await createOwner(t);
});
afterAll(() => t?.close());

const scrape = async (token = TOKEN) => {
  const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The value of one sample line, e.g. sample(text, 'tali_payments{state="pago"}'). */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('is 404 when METRICS_TOKEN is not set', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.request('/metrics', {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('is 401 in Portuguese without the token or with another one', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer errado' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await t.app.request('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Token de métricas ausente ou inválido' });
    }
  });

  it('counts requests by route pattern and status, never by id', async () => {
    const id = newId();
    for (let i = 0; i < 3; i++) {
      await t.call('PUT', `/api/customers/${id}`, { name: 'Ana' }, owner.token);
    }
    await t.call('GET', '/api/customers', undefined, owner.token);
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(
      sample(
        text,
        'tali_http_requests_total{method="PUT",route="/api/customers/:id",status="404"}',
      ),
    ).toBe(3);
    expect(
      sample(text, 'tali_http_requests_total{method="GET",route="/api/customers",status="200"}'),
    ).toBe(1);
    expect(text).toContain(
      'tali_http_request_duration_seconds_count{method="GET",route="/api/customers",status="200"} 1',
    );
    expect(text).not.toContain(id);
    // The process itself.
    expect(text).toContain('tali_process_resident_memory_bytes');
  });

  it('reports jobs by queue and state, campaign messages by outcome and payments by state', async () => {
    await t.jobs.send('metrics-probe', {});
    await t.jobs.send('metrics-probe', {});
    const [campaign] = await t.db
      .insert(campaigns)
      .values({ storeId: owner.storeId, titulo: 'Promo', mensagem: 'Oi' })
      .returning({ id: campaigns.id });
    const campaignId = campaign?.id as string;
    const recipient = (status: string, i: number) => ({
      campaignId,
      storeId: owner.storeId,
      customerId: newId(),
      name: `Cliente ${i}`,
      phone: `1198765${String(i).padStart(4, '0')}`,
      status,
    });
    await t.db
      .insert(campaignRecipients)
      .values([
        recipient('sent', 1),
        recipient('sent', 2),
        recipient('failed', 3),
        recipient('pending', 4),
      ]);
    const payment = (status: string) => ({
      campaignId,
      storeId: owner.storeId,
      valor: '25.00',
      status,
      txid: newId().replaceAll('-', ''),
    });
    await t.db.insert(payments).values([payment('pago'), payment('expirado'), payment('pago')]);

    const { text } = await scrape();
    expect(sample(text, 'tali_jobs{queue="metrics-probe",state="created"}')).toBe(2);
    expect(sample(text, 'tali_campaign_messages{outcome="sent"}')).toBe(2);
    expect(sample(text, 'tali_campaign_messages{outcome="failed"}')).toBe(1);
    expect(sample(text, 'tali_campaign_messages{outcome="pending"}')).toBe(1);
    expect(sample(text, 'tali_payments{state="pago"}')).toBe(2);
    expect(sample(text, 'tali_payments{state="expirado"}')).toBe(1);
  });

  it('counts offline replay batches by status', async () => {
    const batch = {
      mutations: [
        {
          method: 'POST',
          path: '/api/customers',
          body: JSON.stringify({ id: newId(), name: 'Bia', phone: '11911112222' }),
        },
      ],
    };
    expect((await t.call('POST', '/api/sync/replay', batch, owner.token)).status).toBe(200);
    expect((await t.call('POST', '/api/sync/replay', { x: 1 }, owner.token)).status).toBe(400);
    const { text } = await scrape();
    expect(sample(text, 'tali_sync_replay_batches_total{status="200"}')).toBe(1);
    expect(sample(text, 'tali_sync_replay_batches_total{status="400"}')).toBe(1);
  });
});
