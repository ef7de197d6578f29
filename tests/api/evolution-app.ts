/** A test app whose WhatsApp goes through an Evolution gateway (the stand-in or any address). */
import {
  createEvolutionGateway,
  type EvolutionGatewayOptions,
} from '../../server/services/whatsapp/evolution-adapter';
import type { WhatsAppGateway } from '../../server/services/whatsapp/gateway';
import type { Services } from '../../server/types';
import { API_KEY, startFakeEvolution } from './evolution-fake';
import { createTestApp, testEnv } from './test-app';

/**
 * A test app on its own database whose WhatsApp gateway is Evolution's at `baseUrl`. The gateway
 * needs the app's database, which exists only with the app, so it is bound right after.
 */
export async function createEvolutionApp(
  baseUrl: string,
  gatewayOptions: Partial<Omit<EvolutionGatewayOptions, 'db' | 'baseUrl'>> = {},
  services: Partial<Omit<Services, 'jobs' | 'gateway'>> = {},
) {
  let bound: WhatsAppGateway | null = null;
  const get = () => {
    if (!bound) throw new Error('gateway not bound');
    return bound;
  };
  const late: WhatsAppGateway = {
    provider: 'evolution',
    connect: (...a) => get().connect(...a),
    state: (...a) => get().state(...a),
    disconnect: (...a) => get().disconnect(...a),
    sendText: (...a) => get().sendText(...a),
    sendImage: (...a) => get().sendImage(...a),
    sendDocument: (...a) => get().sendDocument(...a),
    parseWebhook: (...a) => get().parseWebhook(...a),
    lookupSent: (...a) => get().lookupSent?.(...a) ?? Promise.resolve('unknown' as const),
    pairingCode: (...a) => {
      const pairing = get().pairingCode;
      if (!pairing) throw new Error('the Evolution adapter makes pairing codes');
      return pairing(...a);
    },
  };
  const t = await createTestApp({ ...services, gateway: late });
  const gateway = createEvolutionGateway({
    apiKey: API_KEY,
    publicUrl: 'https://tali.exemplo.com.br',
    ...gatewayOptions,
    db: t.db,
    baseUrl,
  });
  bound = gateway;
  return { t, gateway };
}

/**
 * The Evolution stand-in and an app on it, for the order-messages tests: messages unpaced and
 * links on https://tali.example unless `env` says otherwise. `close` stops both.
 */
export async function startOrderMessagesApp(
  options: {
    env?: Record<string, string>;
    gateway?: Partial<Omit<EvolutionGatewayOptions, 'db' | 'baseUrl'>>;
    now?: () => Date;
  } = {},
) {
  const fake = await startFakeEvolution();
  const env = testEnv({
    TRUST_PROXY: 'true',
    PUBLIC_URL: 'https://tali.example',
    CAMPAIGN_SEND_MIN_MS: '0',
    CAMPAIGN_SEND_MAX_MS: '0',
    ...options.env,
  });
  const { now } = options;
  const { t } = await createEvolutionApp(fake.url, options.gateway ?? {}, {
    env,
    ...(now ? { now } : {}),
  });
  return {
    t,
    fake,
    async close() {
      await fake.close();
      await t.close();
    },
  };
}
