/**
 * Two API processes behind nginx on one PostgreSQL (README, "Running in production"): the login
 * limit counts across both, offline replay batches from four devices keep going while one
 * process is SIGKILLed mid-way (every customer written once, no retried write answered as a
 * conflict), and a campaign reaches every customer once, each process taking requests throughout.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../server/db/client';
import { ensureConnection, instanceNameFor } from '../../server/services/whatsapp/connections';
import type { ApiCustomer } from '../../src/domain/api-types';
import { defaultBusinessHours } from '../../src/domain/hours';
import type { ReplayBatchItem } from '../../src/domain/sync/protocol';
import type { CampaignReport } from '../../src/features/campaigns/api';
import { freePort } from '../e2e/server';
import { API_KEY, startFakeEvolution } from './evolution-fake';
import type { ReplayAnswer } from './fixtures';
import {
  type ApiProcess,
  buildServer,
  nginxMissing,
  type ProxyCall,
  type ReverseProxy,
  startApi,
  startNginx,
  stopApi,
} from './multi-process-harness';
import { createPostgresDatabase } from './test-databases';

const skip =
  process.env.TEST_DB !== 'postgres'
    ? 'runs on PostgreSQL only (the api-postgres project, with TEST_DATABASE_URL)'
    : nginxMissing();
if (skip) console.info(`multi-process test skipped: ${skip}`);

const DEVICES = 4;
const BATCHES = 5;
const PER_BATCH = 6;

let fake: Awaited<ReturnType<typeof startFakeEvolution>>;
let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
let database: Database;
let bundle: ReturnType<typeof buildServer>;
let apis: ApiProcess[] = [];
let proxy: ReverseProxy;
let env: Record<string, string>;

/** Requests through the proxy (set in beforeAll). */
const call: ProxyCall = (...args) => proxy.call(...args);

describe.skipIf(skip)('two API processes behind nginx on one PostgreSQL', () => {
  beforeAll(async () => {
    fake = await startFakeEvolution();
    created = await createPostgresDatabase();
    bundle = buildServer();
    env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: created.url,
      TRUST_PROXY: 'true',
      STATIC_DIR: bundle.dir,
      PUBLIC_URL: 'https://tali.exemplo.com.br',
      EVOLUTION_API_URL: fake.url,
      EVOLUTION_API_KEY: API_KEY,
      CAMPAIGN_SEND_MIN_MS: '5',
      CAMPAIGN_SEND_MAX_MS: '10',
      CAMPAIGN_SEND_WINDOW: '00:00-24:00',
      CAMPAIGN_MAX_PER_HOUR: '100000',
      JOBS_POLLING_SECONDS: '0.5',
      JOBS_SHUTDOWN_SECONDS: '2',
      PIX_PROVIDER: 'off',
    };
    // As README says for an upgrade: one process migrates first, the other starts once it is ready.
    const ports = [await freePort(), await freePort()];
    apis = [await startApi(bundle.dir, ports[0] ?? 0, env)];
    apis.push(await startApi(bundle.dir, ports[1] ?? 0, env));
    proxy = await startNginx(ports);
    database = await openPostgres(created.url);
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    for (const api of apis) await stopApi(api, 'SIGTERM');
    await database?.close();
    await created?.drop();
    bundle?.remove();
    await fake?.close();
  }, 60_000);

  it('limits logins, replays offline batches through a SIGKILL and sends a campaign once to everyone', async () => {
    const ports = apis.map((api) => `127.0.0.1:${api.port}`);
    try {
      // The login limit: 10 wrong guesses from one address, whichever process takes them.
      const email = `dono-${randomBytes(4).toString('hex')}@example.com`;
      const password = 'senha-segura-123';
      const reg = await call('POST', '/api/auth/register', { email, password });
      expect(reg.status).toBe(201);
      const token = reg.body.token as string;
      const guesses = [];
      for (let i = 0; i < 11; i++) {
        guesses.push(await call('POST', '/api/auth/login', { email, password: `errada-${i}` }));
      }
      expect(guesses.map((g) => g.status)).toEqual([...Array(10).fill(401), 429]);
      expect(guesses[10]?.body).toEqual({
        message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
      });
      expect(new Set(guesses.map((g) => g.upstream))).toEqual(new Set(ports));
      // The right password is refused too from this address until the window ends.
      expect((await call('POST', '/api/auth/login', { email, password })).status).toBe(429);

      const store = await call(
        'POST',
        '/api/stores',
        {
          name: 'Loja ReverseProxy',
          cep: '01001000',
          logradouro: 'Praça da Sé',
          numero: '1',
          bairro: 'Sé',
          cidade: 'São Paulo',
          uf: 'SP',
          businessHours: defaultBusinessHours(),
        },
        token,
      );
      expect(store.status).toBe(201);
      // The answer is the owner's view of the store, without its id: the gateway stand-in needs it.
      const { rows } = await database.executeSql(
        'select s.id from stores s join users u on u.id = s.user_id where u.email = $1',
        [email],
      );
      const storeId = (rows[0] as { id: string }).id;

      // Offline replay: four devices each send their queue in batches and resend a batch that
      // got no answer (as the PWA does). One process is killed while they run.
      const customerIds: string[] = [];
      const answeredBy = new Set<string | null>();
      let cut = 0;
      let served = 0;
      async function device(d: number) {
        for (let b = 0; b < BATCHES; b++) {
          const mutations: ReplayBatchItem[] = [];
          for (let i = 0; i < PER_BATCH; i++) {
            const id = randomUUID();
            const n = (d * BATCHES + b) * PER_BATCH + i;
            customerIds.push(id);
            mutations.push({
              method: 'POST',
              path: '/api/customers',
              idempotencyKey: randomUUID(),
              body: JSON.stringify({
                id,
                name: `Cliente ${n} Souza`,
                phone: `119${String(20_000_000 + n).padStart(8, '0')}`,
              }),
            });
          }
          for (let attempt = 0; ; attempt++) {
            if (attempt > 20) throw new Error('a batch never got an answer');
            const res = await call<ReplayAnswer>(
              'POST',
              '/api/sync/replay',
              { mutations },
              token,
            ).catch((error: unknown) => {
              // Killed with its answer half sent: nginx had passed the headers on, so it can
              // only cut the connection (a phone sees a network error, and resends).
              if (error instanceof TypeError) return null;
              throw error;
            });
            if (res?.status === 200) {
              answeredBy.add(res.upstream);
              served += 1;
              // A resent batch answers like the first time: created, never "already exists".
              const statuses = res.body.results.map((r: { status: number }) => r.status);
              expect(statuses).toEqual(Array(PER_BATCH).fill(201));
              break;
            }
            // The process died under this batch (nginx answers 502, or the answer is cut):
            // resend it as it was.
            if (res) expect(res.status).toBe(502);
            cut += 1;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      }
      const devices = Array.from({ length: DEVICES }, (_, d) => device(d));
      // Mid-way: a quarter of the batches answered, the rest in flight or still queued.
      while (served < (DEVICES * BATCHES) / 4) await new Promise((r) => setTimeout(r, 20));
      const victim = apis[1] as ApiProcess;
      await stopApi(victim, 'SIGKILL');
      await Promise.all(devices);
      expect(answeredBy).toEqual(new Set(ports));
      console.info(`replay: ${cut} batch(es) cut by the SIGKILL and resent`);

      const customers = await call<ApiCustomer[]>('GET', '/api/customers', undefined, token);
      expect(customers.status).toBe(200);
      const listed = customers.body.map((c: { id: string }) => c.id).sort();
      expect(listed).toEqual([...customerIds].sort());

      // The killed process comes back on its port; the campaign runs on both.
      apis[1] = await startApi(bundle.dir, victim.port, env);
      await ensureConnection(database.db, storeId, 'evolution');
      fake.instances.set(instanceNameFor(storeId), 'open');
      const campaign = await call(
        'POST',
        '/api/campanhas',
        { titulo: 'Promo', mensagem: 'Olá {nome}!', sendNow: true },
        token,
      );
      expect(campaign.status).toBe(201);
      const start = await call(
        'POST',
        '/api/campanhas/enviar',
        { campaignId: campaign.body.id },
        token,
      );
      expect(start.status).toBe(200);
      const reportUpstreams = new Set<string | null>();
      const until = Date.now() + 60_000;
      let report = await call<CampaignReport>(
        'GET',
        `/api/campanhas/${campaign.body.id}/relatorio`,
        undefined,
        token,
      );
      while (report.body?.counts?.sent !== customerIds.length && Date.now() < until) {
        reportUpstreams.add(report.upstream);
        await new Promise((r) => setTimeout(r, 250));
        report = await call(
          'GET',
          `/api/campanhas/${campaign.body.id}/relatorio`,
          undefined,
          token,
        );
      }
      reportUpstreams.add(report.upstream);
      expect(report.body.counts).toMatchObject({
        sent: customerIds.length,
        pending: 0,
        failed: 0,
      });
      expect(reportUpstreams).toEqual(new Set(ports));
      // What the gateway got: one message per customer, nobody twice.
      const perNumber = new Map<string, number>();
      for (const r of fake.requests) {
        if (!r.path.startsWith('/message/') || !r.path.endsWith(instanceNameFor(storeId))) continue;
        const number = (r.body as { number: string }).number;
        perNumber.set(number, (perNumber.get(number) ?? 0) + 1);
      }
      expect(perNumber.size).toBe(customerIds.length);
      expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
    } catch (error) {
      for (const api of apis) console.error(`API on ${api.port}:\n${api.output()}`);
      throw error;
    }
  }, 150_000);
});
