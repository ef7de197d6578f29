/** Picks the Pix PSP from PIX_PROVIDER: the sandbox (default), an API Pix PSP (bcb) or none (off). */
import fs from 'node:fs';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { linkBase } from '../public-base';
import { createBcbGateway } from './bcb-adapter';
import type { PaymentGateway } from './gateway';
import { createSandboxPixGateway } from './sandbox-adapter';

function readPem(path: string, name: string): Buffer {
  try {
    return fs.readFileSync(path);
  } catch {
    // The path is configuration, not a secret; the file's contents never reach a message.
    throw new Error(`Invalid configuration:\n  ${name}: cannot read ${path}`);
  }
}

export function createPaymentGatewayFromEnv(
  db: Db,
  env: Env,
  now: () => Date,
): PaymentGateway | null {
  if (env.PIX_PROVIDER === 'off') return null;
  if (env.PIX_PROVIDER === 'bcb') {
    // readEnv already refused a bcb configuration without these.
    if (!env.PIX_API_URL || !env.PIX_CLIENT_ID || !env.PIX_CLIENT_SECRET || !env.PIX_KEY) {
      throw new Error(
        'Invalid configuration:\n  PIX_PROVIDER=bcb needs PIX_API_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET and PIX_KEY',
      );
    }
    return createBcbGateway({
      apiUrl: env.PIX_API_URL,
      oauthUrl: env.PIX_OAUTH_URL,
      clientId: env.PIX_CLIENT_ID,
      clientSecret: env.PIX_CLIENT_SECRET,
      cert: env.PIX_CERT_FILE ? readPem(env.PIX_CERT_FILE, 'PIX_CERT_FILE') : undefined,
      key: env.PIX_KEY_FILE ? readPem(env.PIX_KEY_FILE, 'PIX_KEY_FILE') : undefined,
      pixKey: env.PIX_KEY,
      merchantName: env.PIX_MERCHANT_NAME,
      merchantCity: env.PIX_MERCHANT_CITY,
    });
  }
  return createSandboxPixGateway({
    db,
    now,
    baseUrl: linkBase(env),
    merchantName: env.PIX_MERCHANT_NAME,
    merchantCity: env.PIX_MERCHANT_CITY,
  });
}
