/** Sending tests' setup: the app over a local Evolution stand-in, and the store's sender run to the end. */
import { eq } from 'drizzle-orm';
import { campaigns } from '../../server/db/schema';
import { readEnv } from '../../server/env';
import { runStoreSender, type SenderDeps } from '../../server/services/campaigns/sender';
import { type CampaignSettings, campaignSettings } from '../../server/services/campaigns/settings';
import { ensureConnection, instanceNameFor } from '../../server/services/whatsapp/connections';
import { createEvolutionGateway } from '../../server/services/whatsapp/evolution-adapter';
import type { WhatsAppGateway } from '../../server/services/whatsapp/gateway';
import type { Services } from '../../server/types';
import { API_KEY, startFakeEvolution } from './evolution-fake';
import { createTestApp, type TestApp } from './test-app';

export const PUBLIC = 'https://tali.exemplo.com.br';

/** The app is built before its database exists, so the gateway is bound once the db is open. */
function lateGateway() {
  let real: WhatsAppGateway | null = null;
  const get = () => {
    if (!real) throw new Error('gateway not bound');
    return real;
  };
  const gateway: WhatsAppGateway = {
    provider: 'evolution',
    connect: (...a) => get().connect(...a),
    state: (...a) => get().state(...a),
    disconnect: (...a) => get().disconnect(...a),
    sendText: (...a) => get().sendText(...a),
    sendImage: (...a) => get().sendImage(...a),
    parseWebhook: (...a) => get().parseWebhook(...a),
  };
  return { gateway, bind: (g: WhatsAppGateway) => (real = g) };
}

export async function startSendingHarness(
  now: () => Date = () => new Date(),
  /** More services for the app (e.g. a Pix PSP: the payment step in front of sending). */
  services: Partial<Pick<Services, 'pix'>> = {},
) {
  const fake = await startFakeEvolution();
  fake.options.failSendsWhenClosed = true;
  const late = lateGateway();
  const env = readEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: PUBLIC,
    CAMPAIGN_SEND_WINDOW: '00:00-24:00',
    // Sending as such; the Pix step in front of it is tested in pix-campaigns.test.ts.
    PIX_PROVIDER: 'off',
  });
  const t: TestApp = await createTestApp({ gateway: late.gateway, env, now, ...services });
  const gateway = createEvolutionGateway({
    db: t.db,
    baseUrl: fake.url,
    apiKey: API_KEY,
    publicUrl: PUBLIC,
    typingDelayMs: 0,
  });
  late.bind(gateway);

  /** The store's WhatsApp linked (the instance open at the gateway). */
  async function connect(storeId: string) {
    await ensureConnection(t.db, storeId, 'evolution');
    fake.instances.set(instanceNameFor(storeId), 'open');
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

  /** Messages the fake accepted (what the customers got). */
  function sends() {
    return fake.delivered;
  }

  async function campaignRow(id: string) {
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    return row;
  }

  return { t, fake, env, gateway, connect, senderDeps, drain, sends, campaignRow };
}
