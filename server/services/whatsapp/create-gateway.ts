/** Picks the gateway from the environment: Evolution when configured, else the sandbox. */
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { publicBaseUrl } from '../public-base';
import { createEvolutionGateway } from './evolution-adapter';
import type { WhatsAppGateway } from './gateway';
import { createSandboxGateway } from './sandbox-adapter';

export function createGatewayFromEnv(db: Db, env: Env): WhatsAppGateway {
  // The webhook and the sandbox's links start from the one public base (services/public-base.ts).
  const publicUrl = publicBaseUrl(env, undefined) ?? undefined;
  if (env.EVOLUTION_API_URL && env.EVOLUTION_API_KEY) {
    if (!publicUrl) {
      throw new Error('Invalid configuration:\n  PUBLIC_URL is required with EVOLUTION_API_URL');
    }
    return createEvolutionGateway({
      db,
      baseUrl: env.EVOLUTION_API_URL,
      apiKey: env.EVOLUTION_API_KEY,
      publicUrl,
    });
  }
  return createSandboxGateway({ db, publicUrl });
}
