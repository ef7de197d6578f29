/** Which address a login counts against: the socket, or X-Forwarded-For only behind a trusted proxy. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../env';
import type { AppEnv, Services } from '../types';
import { clientAddress } from './client-address';

function appWith(trustProxy: boolean) {
  const env = readEnv({ NODE_ENV: 'test', TRUST_PROXY: String(trustProxy) });
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', { env } as Services);
    await next();
  });
  app.get('/', (c) => c.text(clientAddress(c)));
  return app;
}

const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const forwarded = { 'x-forwarded-for': '1.2.3.4, 203.0.113.50' };

describe('clientAddress', () => {
  it('uses the socket and ignores X-Forwarded-For by default (clients can write it)', async () => {
    const res = await appWith(false).request('/', { headers: forwarded }, socket('198.51.100.9'));
    expect(await res.text()).toBe('198.51.100.9');
  });

  it('behind a trusted proxy, takes the last X-Forwarded-For entry (the one the proxy added)', async () => {
    const res = await appWith(true).request('/', { headers: forwarded }, socket('10.0.0.2'));
    expect(await res.text()).toBe('203.0.113.50');
  });

  it('falls back to the socket when the proxy sent no header, and to one shared key without a socket', async () => {
    expect(await (await appWith(true).request('/', {}, socket('10.0.0.2'))).text()).toBe(
      '10.0.0.2',
    );
    expect(await (await appWith(false).request('/')).text()).toBe('unknown');
  });
});
