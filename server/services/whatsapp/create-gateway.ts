/** Picks the gateway from the environment: Evolution when configured, else the sandbox. */
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { createEvolutionGateway } from './evolution-adapter';
import type { WhatsAppGateway } from './gateway';
import { createSandboxGateway } from './sandbox-adapter';

export function createGatewayFromEnv(db: Db, env: Env): WhatsAppGateway {
  if (env.EVOLUTION_API_URL && env.EVOLUTION_API_KEY) {
    if (!env.PUBLIC_URL) {
      throw new Error('Invalid configuration:\n  PUBLIC_URL is required with EVOLUTION_API_URL');
    }
    return createEvolutionGateway({
      db,
      baseUrl: env.EVOLUTION_API_URL,
      apiKey: env.EVOLUTION_API_KEY,
      publicUrl: env.PUBLIC_URL,
    });
  }
  return createSandboxGateway({ db, publicUrl: env.PUBLIC_URL });
}
