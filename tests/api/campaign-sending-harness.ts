/** Sending tests' setup: the app over a local Evolution stand-in, and the store's sender run to the end. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { campaigns } from '../../server/db/schema';
import { readEnv } from '../../server/env';
import { runStoreSender, type SenderDeps } from '../../server/services/campaigns/sender';
import { type CampaignSettings, campaignSettings } from '../../server/services/campaigns/settings';
import { ensureConnection, instanceNameFor } from '../../server/services/whatsapp/connections';
import type { Services } from '../../server/types';
import { addCustomers, type CustomerSeed, setStore } from './campaign-fixtures';
import { createEvolutionApp } from './evolution-app';
import { startFakeEvolution } from './evolution-fake';
import { createOwner, type Owner, send } from './fixtures';

export const PUBLIC = 'https://tali.exemplo.com.br';
/** The Evolution client's per-request timeout in these tests (15 s in production): long enough that
 * a loaded CI machine does not turn an ordinary answer into an unknown outcome. */
export const CLIENT_TIMEOUT_MS = 4000;

export async function startSendingHarness(
  now: () => Date = () => new Date(),
  /** More services for the app (e.g. a Pix PSP: the payment step in front of sending). */
  services: Partial<Pick<Services, 'pix'>> = {},
) {
  const fake = await startFakeEvolution();
  fake.options.failSendsWhenClosed = true;
  const env = readEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: PUBLIC,
    CAMPAIGN_SEND_WINDOW: '00:00-24:00',
    // Sending as such; the Pix step in front of it is tested in pix-campaigns.test.ts.
    PIX_PROVIDER: 'off',
  });
  const { t, gateway } = await createEvolutionApp(
    fake.url,
    // A short client timeout: the late-answer tests answer after it.
    { publicUrl: PUBLIC, typingDelayMs: 0, timeoutMs: CLIENT_TIMEOUT_MS },
    { env, now, ...services },
  );

  /** The store's WhatsApp linked (the instance open at the gateway). */
  async function connect(storeId: string) {
    await ensureConnection(t.db, storeId, 'evolution');
    fake.instances.set(instanceNameFor(storeId), 'open');
  }

  /** A new owner whose store has these customers, this daily limit and its WhatsApp linked. */
  async function ownerWith(list: CustomerSeed[], dailyCampaignLimit = 50) {
    const owner = await createOwner(t);
    await setStore(t.db, owner.storeId, { dailyCampaignLimit });
    await addCustomers(t.db, owner.storeId, list);
    await connect(owner.storeId);
    return owner;
  }

  /** A campaign under review ('Promo', sent now, `body` on top); answers its id. */
  async function draft(owner: Owner, body: Record<string, unknown> = {}) {
    const c = await send(t, 'POST', '/api/campanhas', {
      token: owner.token,
      body: { titulo: 'Promo', mensagem: 'Olá {nome}, 20% off hoje!', sendNow: true, ...body },
    });
    expect(c.status).toBe(201);
    return c.body.id as string;
  }

  function senderDeps(overrides: Partial<CampaignSettings> = {}, clock = now): SenderDeps {
    return {
      db: t.db,
      gateway,
      now: clock,
      publicBase: PUBLIC,
      settings: campaignSettings(env, {
        minGapMs: 0,
        maxGapMs: 0,
        maxPerHour: 100_000,
        retryBaseMs: 20,
        ...overrides,
      }),
    };
  }

  /** Runs the store's sender until it has nothing to do now (or `rounds` runs). */
  async function drain(deps: SenderDeps, storeId: string, rounds = 50) {
    let last: Awaited<ReturnType<typeof runStoreSender>> | null = null;
    for (let i = 0; i < rounds; i++) {
      last = await runStoreSender(deps, storeId);
      if (last.kind === 'idle') return last;
      const wait = last.at.getTime() - deps.now().getTime();
      if (wait > 2000) return last;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    return last;
  }

  /** Messages the fake accepted for this store's instance (what its customers got). */
  function sentTo(storeId: string) {
    return fake.delivered.filter((r) => r.path.endsWith(instanceNameFor(storeId)));
  }

  async function campaignRow(id: string) {
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    return row;
  }

  return {
    t,
    fake,
    env,
    gateway,
    connect,
    ownerWith,
    draft,
    senderDeps,
    drain,
    sentTo,
    campaignRow,
  };
}
