/** PIX_* and CAMPAIGN_PRICE_PER_100 validation: a bad payments configuration stops start-up clearly. */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import type { Db } from '../../db/client';
import { type Env, readEnv } from '../../env';
import type { Services } from '../../types';
import { createPaymentGatewayFromEnv } from './create-gateway';

/** Neither case reaches the database or the other services: stand-ins keep these tests instant. */
function services(env: Env): Services {
  const db = {} as Db;
  const pix = createPaymentGatewayFromEnv(db, env, () => new Date());
  return { db, env, now: () => new Date(), gateway: {} as never, jobs: {} as never, pix };
}

describe('payments configuration', () => {
  it('defaults to the sandbox and R$ 25,00 per 100', () => {
    const env = readEnv({});
    expect(env.PIX_PROVIDER).toBe('sandbox');
    expect(env.CAMPAIGN_PRICE_PER_100).toBe('25.00');
  });

  it('bcb without its variables names each one missing', () => {
    expect(() => readEnv({ PIX_PROVIDER: 'bcb' })).toThrow(
      /PIX_API_URL is required[\s\S]*PIX_CLIENT_ID[\s\S]*PIX_CLIENT_SECRET[\s\S]*PIX_KEY[\s\S]*PUBLIC_URL/,
    );
    const ok = readEnv({
      PIX_PROVIDER: 'bcb',
      PIX_API_URL: 'https://pix.example.com/v2',
      PIX_CLIENT_ID: 'id',
      PIX_CLIENT_SECRET: 'secret',
      PIX_KEY: 'chave@example.com',
      PUBLIC_URL: 'https://tali.example.com',
    });
    expect(ok.PIX_PROVIDER).toBe('bcb');
  });

  it('refuses a bad provider, a bad price and a certificate without its key', () => {
    expect(() => readEnv({ PIX_PROVIDER: 'mercadopago' })).toThrow('PIX_PROVIDER');
    expect(() => readEnv({ CAMPAIGN_PRICE_PER_100: '25,00' })).toThrow('CAMPAIGN_PRICE_PER_100');
    expect(() => readEnv({ CAMPAIGN_PRICE_PER_100: '0.00' })).toThrow('more than zero');
    expect(() => readEnv({ PIX_CERT_FILE: '/tmp/cert.pem' })).toThrow('go together');
  });

  it('a real WhatsApp gateway without an explicit PIX_PROVIDER does not start (the sandbox would pay real campaigns)', () => {
    const evolution = { EVOLUTION_API_URL: 'https://evo.example.com', EVOLUTION_API_KEY: 'k' };
    expect(() => readEnv(evolution)).toThrow(
      /PIX_PROVIDER must be set explicitly with EVOLUTION_API_URL/,
    );
    expect(readEnv({ ...evolution, PIX_PROVIDER: 'off' }).PIX_PROVIDER).toBe('off');
    // A demo with a real WhatsApp is still possible, knowingly.
    expect(readEnv({ ...evolution, PIX_PROVIDER: 'sandbox' }).PIX_PROVIDER).toBe('sandbox');
  });

  it('PIX_PROVIDER=off: no gateway, and the webhook route answers 404', async () => {
    const env = readEnv({ NODE_ENV: 'test', PIX_PROVIDER: 'off' });
    const app = createApp(services(env));
    const res = await app.request('/api/webhooks/pix/pix', { method: 'POST', body: '{"pix":[]}' });
    expect(res.status).toBe(404);
  });

  it('a missing mTLS file stops start-up with the variable named', () => {
    const env = readEnv({
      PIX_PROVIDER: 'bcb',
      PIX_API_URL: 'https://pix.example.com/v2',
      PIX_CLIENT_ID: 'id',
      PIX_CLIENT_SECRET: 'secret',
      PIX_KEY: 'chave@example.com',
      PUBLIC_URL: 'https://tali.example.com',
      PIX_CERT_FILE: '/nao/existe/cert.pem',
      PIX_KEY_FILE: '/nao/existe/key.pem',
    });
    expect(() => services(env)).toThrow('PIX_CERT_FILE');
  });
});
