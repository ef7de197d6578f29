/** Login rate limits per account and per client address: 429, then recovery after the window. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
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

  it('blocks an account from one address after 10 failures, even with the right password, until the window ends', async () => {
    const email = freshEmail();
    await r.call('POST', '/api/auth/register', { email, password: 'segredo123' });
    const failures = await Promise.all(
      Array.from({ length: 10 }, () => loginFrom('198.51.100.1', email, 'errada99')),
    );
    expect(failures.map((f) => f.status)).toEqual(Array(10).fill(401));
    const blocked = await loginFrom('198.51.100.1', email, 'segredo123');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TOO_MANY });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    advance(16 * MINUTE);
    const after = await loginFrom('198.51.100.1', email, 'segredo123');
    expect(after.status).toBe(200);
    expect(after.body.token).toEqual(expect.any(String));
  });

  it("does not lock the owner out on their own phone when someone else guesses the account's password", async () => {
    const email = freshEmail();
    await r.call('POST', '/api/auth/register', { email, password: 'segredo123' });
    await Promise.all(
      Array.from({ length: 12 }, () => loginFrom('198.51.100.66', email, 'errada99')),
    );
    expect((await loginFrom('198.51.100.66', email, 'segredo123')).status).toBe(429);
    const owner = await loginFrom('192.0.2.10', email, 'segredo123');
    expect(owner.status).toBe(200);
  });

  it('stops guesses spread over many addresses at the per-account ceiling of 100', async () => {
    const email = freshEmail();
    await r.call('POST', '/api/auth/register', { email, password: 'segredo123' });
    const guess = async (i: number) => (await loginFrom(`10.9.0.${i}`, email, 'x1')).status;
    // The first 100 guesses arrive at once, each from its own address: every one reaches the
    // password check (the limit takes each attempt before that check, with no await in between,
    // so the count is the same as for guesses one after the other).
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => guess(i)));
    expect(statuses).toEqual(Array(100).fill(401));
    // Guesses 101 to 105, from still other addresses, are refused.
    for (let i = 100; i < 105; i++) statuses.push(await guess(i));
    expect(statuses.slice(100)).toEqual([429, 429, 429, 429, 429]);
    advance(16 * MINUTE);
  }, 180_000);

  it('blocks one address spraying many e-mails, not the other addresses', async () => {
    const email = freshEmail();
    await r.call('POST', '/api/auth/register', { email, password: 'segredo123' });
    const sprayed = await Promise.all(
      Array.from({ length: 30 }, () => loginFrom('203.0.113.7', freshEmail(), 'segredo123')),
    );
    expect(sprayed.map((s) => s.status)).toEqual(Array(30).fill(401));
    const blocked = await loginFrom('203.0.113.7', email, 'segredo123');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TOO_MANY });
    expect((await loginFrom('203.0.113.8', email, 'segredo123')).status).toBe(200);

    advance(16 * MINUTE);
    expect((await loginFrom('203.0.113.7', email, 'segredo123')).status).toBe(200);
  }, 120_000);
});

describe('bodies over the 16 KB cap of /api/auth (issue 35)', () => {
  /** A body too large to read (413), sent from one client address. */
  const oversized = (route: string, address: string) =>
    r.app.request(
      `/api/auth/${route}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(20_000) }),
      },
      { incoming: { socket: { remoteAddress: address } } },
    );
  const fromAddress = (route: string, address: string, body: unknown) =>
    r.app.request(
      `/api/auth/${route}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: address } } },
    );

  it("spend the address's login attempts: after 30 the right password from there meets 429", async () => {
    const email = freshEmail();
    await r.call('POST', '/api/auth/register', { email, password: 'segredo123' });
    for (let i = 0; i < 30; i++) expect((await oversized('login', '203.0.113.7')).status).toBe(413);
    // At the limit a 413 is still a 413 (the body was not read), with no Retry-After of its own.
    const more = await oversized('login', '203.0.113.7');
    expect(more.status).toBe(413);
    expect(more.headers.get('retry-after')).toBeNull();
    const blocked = await fromAddress('login', '203.0.113.7', { email, password: 'segredo123' });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ message: TOO_MANY });
    // Another address is not touched.
    const elsewhere = await fromAddress('login', '203.0.113.8', { email, password: 'segredo123' });
    expect(elsewhere.status).toBe(200);
    advance(16 * MINUTE);
  });

  it("spend the address's sign-up attempts (100 in 15 minutes)", async () => {
    for (let i = 0; i < 100; i++)
      expect((await oversized('register', '203.0.113.9')).status).toBe(413);
    const blocked = await fromAddress('register', '203.0.113.9', {
      email: freshEmail(),
      password: 'segredo123',
    });
    expect(blocked.status).toBe(429);
    advance(16 * MINUTE);
  });
});

describe('login limit under concurrency (real HTTP)', () => {
  it('lets at most 10 of 50 simultaneous wrong guesses reach the password check; the rest get 429 with Retry-After', async () => {
    const email = freshEmail();
    await r.call('POST', '/api/auth/register', { email, password: 'segredo123' });
    const server = serve({ fetch: r.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`http://127.0.0.1:${port}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'errada99' }),
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
      const limited = answers.find((a) => a.status === 429);
      expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited?.json()).toEqual({ message: TOO_MANY });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    advance(16 * MINUTE);
  }, 120_000);
});
