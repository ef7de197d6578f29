/**
 * Login and sign-up limits shared through the database (issue 25): the counter itself, two app
 * instances (two API processes) on one database allowing what one does, and a restart that
 * forgets nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../server/auth/rate-limit';
import { type Database, openPostgres } from '../../server/db/client';
import { rateLimits } from '../../server/db/schema';
import { deleteExpired } from '../../server/services/maintenance/cleanup';
import { type ListeningApp, startListeningApp } from './listening-app';
import { createPostgresDatabase, createTestApp, type TestApp } from './test-app';

const TOO_MANY = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
const limit = { max: 3, windowMs: 60_000 };
const at = (ms: number) => new Date(Date.UTC(2026, 10, 20) + ms);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('RateLimiter (database counters)', () => {
  it('allows max attempts in a window, then blocks with the seconds left, then opens again', async () => {
    const limiter = new RateLimiter(t.db);
    for (let i = 0; i < 3; i++)
      expect(await limiter.reserve([['k1', limit]], at(i * 1000))).toBe(0);
    expect(await limiter.reserve([['k1', limit]], at(10_000))).toBe(50);
    expect(await limiter.retryAfter('other1', limit, at(10_000))).toBe(0);
    expect(await limiter.retryAfter('k1', limit, at(59_999))).toBe(1);
    expect(await limiter.reserve([['k1', limit]], at(60_000))).toBe(0);
    expect(await limiter.retryAfter('k1', limit, at(60_001))).toBe(0);
  });

  it('reserve takes one attempt from every key at once, or none when any key is used up', async () => {
    const limiter = new RateLimiter(t.db);
    const small = { max: 2, windowMs: 60_000 };
    const both: Array<[string, typeof limit]> = [
      ['a2', small],
      ['b2', limit],
    ];
    expect(await limiter.reserve(both, at(0))).toBe(0);
    expect(await limiter.reserve(both, at(0))).toBe(0);
    expect(await limiter.reserve(both, at(1000))).toBe(59);
    // 'b2' was not charged for the refused attempt: one more still fits.
    expect(await limiter.reserve([['b2', limit]], at(1000))).toBe(0);
    expect(await limiter.retryAfter('b2', limit, at(1000))).toBe(59);
  });

  it('release gives an attempt back within the window; reset forgets the key', async () => {
    const limiter = new RateLimiter(t.db);
    for (let i = 0; i < 3; i++) await limiter.reserve([['k3', limit]], at(0));
    await limiter.release('k3', at(5));
    expect(await limiter.reserve([['k3', limit]], at(6))).toBe(0);
    expect(await limiter.reserve([['k3', limit]], at(7))).toBeGreaterThan(0);
    await limiter.reset('k3');
    expect(await limiter.retryAfter('k3', limit, at(8))).toBe(0);
  });

  it('lets at most max of many simultaneous attempts through', async () => {
    const limiter = new RateLimiter(t.db);
    const waits = await Promise.all(
      Array.from({ length: 12 }, () => limiter.reserve([['k4', limit]], at(0))),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
  });

  it('stores no e-mail or address in the clear, and the clean-up forgets ended windows', async () => {
    const limiter = new RateLimiter(t.db);
    await limiter.reserve([['login:account:dona@exemplo.com.br', limit]], at(0));
    const rows = await t.db.select().from(rateLimits);
    expect(JSON.stringify(rows)).not.toContain('exemplo');
    const result = await deleteExpired(t.db, at(10 * 60_000));
    expect(result.rateLimits).toBeGreaterThan(0);
    expect(await t.db.select().from(rateLimits)).toEqual([]);
  });
});

describe('two API processes on one database', () => {
  let one: ListeningApp;
  let two: ListeningApp;
  /** The second process's own connection to the database (PostgreSQL: its own pool). */
  let secondConnection: () => Promise<Database>;
  let dropDatabase = async () => {};
  const pg = process.env.TEST_DB === 'postgres';
  beforeAll(async () => {
    if (pg) {
      const created = await createPostgresDatabase();
      dropDatabase = created.drop;
      one = await startListeningApp({
        database: await openPostgres(created.url),
        closeDatabase: true,
      });
      secondConnection = () => openPostgres(created.url);
    } else {
      // PGlite lives inside one process: the second app shares its client.
      one = await startListeningApp();
      secondConnection = async () => one.database;
    }
    two = await startListeningApp({ database: await secondConnection(), closeDatabase: pg });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await dropDatabase();
  });

  const post = (app: ListeningApp, path: string, body: unknown) =>
    fetch(`${app.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('allows an account 10 failures from one address in all, not 10 per process', async () => {
    const email = `dois-processos-${Date.now()}@exemplo.com.br`;
    expect((await post(one, '/api/auth/register', { email, password: 'segredo123' })).status).toBe(
      201,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await post(i % 2 === 0 ? one : two, '/api/auth/login', {
        email,
        password: 'errada999',
      });
      statuses.push(res.status);
      if (res.status === 429) expect(await res.json()).toEqual({ message: TOO_MANY });
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(4).fill(429));
    // Even the right password waits, on either process.
    expect((await post(two, '/api/auth/login', { email, password: 'segredo123' })).status).toBe(
      429,
    );
  }, 120_000);

  it('remembers the count across a restart of the process', async () => {
    const email = `reinicio-${Date.now()}@exemplo.com.br`;
    await post(one, '/api/auth/register', { email, password: 'segredo123' });
    for (let i = 0; i < 10; i++)
      await post(two, '/api/auth/login', { email, password: 'x1234567' });
    await two.close();
    two = await startListeningApp({ database: await secondConnection(), closeDatabase: pg });
    const res = await post(two, '/api/auth/login', { email, password: 'segredo123' });
    expect(res.status).toBe(429);
  }, 120_000);
});
