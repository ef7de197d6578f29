/** Login rate limits per account and per client address: 429, then recovery after the window. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

const TOO_MANY = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
const MINUTE = 60_000;

/** The injected clock: advancing it ends the rate-limit window without waiting. */
let clock = new Date('2026-11-20T12:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let seq = 0;
const freshEmail = () => `tentativa${++seq}-${Date.now()}@exemplo.com.br`;

let r: TestApp;
beforeAll(async () => {
  r = await createTestApp({ now: () => clock });
});
afterAll(() => r?.close());

describe('login rate limits', () => {
  /** A login from a given client address (the socket app.request() lacks). */
  async function loginFrom(address: string, email: string, password: string) {
    const res = await r.app.request(
      '/api/auth/login',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      },
      { incoming: { socket: { remoteAddress: address } } },
    );
    return { status: res.status, body: await res.json(), headers: res.headers };
  }

  it('blocks an account after 10 failures, even with the right password, until the window ends', async () => {
    const email = freshEmail();
    await r.call('POST', '/api/auth/register', { email, password: 'segredo123' });
    for (let i = 0; i < 10; i++) {
      // Spread over addresses so only the per-account counter can trip.
      expect((await loginFrom(`198.51.100.${i}`, email, 'errada99')).status).toBe(401);
    }
    const blocked = await loginFrom('198.51.100.200', email, 'segredo123');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TOO_MANY });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    advance(16 * MINUTE);
    const after = await loginFrom('198.51.100.200', email, 'segredo123');
    expect(after.status).toBe(200);
    expect(after.body.token).toEqual(expect.any(String));
  });

  it('blocks one address spraying many e-mails, not the other addresses', async () => {
    const email = freshEmail();
    await r.call('POST', '/api/auth/register', { email, password: 'segredo123' });
    for (let i = 0; i < 30; i++) {
      expect((await loginFrom('203.0.113.7', freshEmail(), 'segredo123')).status).toBe(401);
    }
    const blocked = await loginFrom('203.0.113.7', email, 'segredo123');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TOO_MANY });
    expect((await loginFrom('203.0.113.8', email, 'segredo123')).status).toBe(200);

    advance(16 * MINUTE);
    expect((await loginFrom('203.0.113.7', email, 'segredo123')).status).toBe(200);
  });
});
