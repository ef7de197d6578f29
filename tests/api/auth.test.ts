/** Accounts: register, login, logout and revocation, session expiry, one vague 401, bad payloads. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './test-app';

const WRONG = 'E-mail ou senha incorretos';
const EXPIRED = 'Sessão expirada. Entre novamente.';

/** A clock the tests move forward: sessions and rate-limit windows read it. */
let clock = new Date('2026-11-20T12:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;

let t: TestApp;
let seq = 0;
const freshEmail = () => `dona${++seq}-${Date.now()}@exemplo.com.br`;

// This file checks the production hash (the other API files use the tests' cheap one).
const fastHash = process.env.TALI_TEST_FAST_HASH;
beforeAll(async () => {
  process.env.TALI_TEST_FAST_HASH = '0';
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  if (fastHash === undefined) delete process.env.TALI_TEST_FAST_HASH;
  else process.env.TALI_TEST_FAST_HASH = fastHash;
  await t?.close();
});

async function register(email = freshEmail(), password = 'segredo123') {
  const res = await t.call('POST', '/api/auth/register', { email, password });
  expect(res.status).toBe(201);
  return { email, password, token: res.body.token as string, userId: res.body.userId as string };
}

describe('register', () => {
  it('creates an account and answers a bearer token and the user id', async () => {
    const res = await t.call<{ token: string; userId: string }>('POST', '/api/auth/register', {
      email: freshEmail(),
      password: 'segredo123',
    });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.userId).toMatch(/^[0-9a-f-]{36}$/);
    const me = await t.call('GET', '/api/auth/me', undefined, res.body.token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userId: res.body.userId, hasStore: false });
  });

  it('keeps only a hash of the token and a salted scrypt hash of the password', async () => {
    const { token, userId, password } = await register();
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(user?.passwordHash).not.toContain(password);
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    const { email } = await register();
    for (const again of [email, email.toUpperCase(), `  ${email} `]) {
      const res = await t.call('POST', '/api/auth/register', {
        email: again,
        password: 'outra123',
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Este e-mail já está cadastrado' });
    }
  });
});

describe('login', () => {
  it('answers token, userId and hasStore, with the e-mail in any case', async () => {
    const { email, password, userId } = await register();
    const res = await t.call<{ token: string }>('POST', '/api/auth/login', {
      email: email.toUpperCase(),
      password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), userId, hasStore: false });
    expect((await t.call('GET', '/api/auth/me', undefined, res.body.token)).status).toBe(200);
  });

  it('gives the same 401 message for a wrong password and an unknown e-mail', async () => {
    const { email } = await register();
    const wrongPassword = await t.call('POST', '/api/auth/login', { email, password: 'errada99' });
    const unknownEmail = await t.call('POST', '/api/auth/login', {
      email: freshEmail(),
      password: 'segredo123',
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: WRONG });
    expect(unknownEmail.body).toEqual({ message: WRONG });
  });
});

describe('logout and sessions', () => {
  it('revokes the token it was called with, and only that one', async () => {
    const { email, password, token } = await register();
    const other = await t.call<{ token: string }>('POST', '/api/auth/login', { email, password });
    const out = await t.call('POST', '/api/auth/logout', undefined, token);
    expect(out.status).toBe(204);
    const me = await t.call('GET', '/api/auth/me', undefined, token);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: EXPIRED });
    expect((await t.call('GET', '/api/auth/me', undefined, other.body.token)).status).toBe(200);
    // Logging out again (a replayed request) is harmless.
    expect((await t.call('POST', '/api/auth/logout', undefined, token)).status).toBe(204);
  });

  it('rejects missing, malformed and unknown tokens with 401', async () => {
    expect((await t.call('GET', '/api/auth/me')).status).toBe(401);
    const garbage = await t.app.request('/api/auth/me', { headers: { authorization: 'Bearer x' } });
    expect(garbage.status).toBe(401);
    const unknown = await t.call('GET', '/api/auth/me', undefined, 'A'.repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: EXPIRED });
  });

  it('expires a session after 30 days without use (more: auth-sessions.test.ts)', async () => {
    const { token } = await register();
    advance(29 * 24 * 60 * MINUTE);
    expect((await t.call('GET', '/api/auth/me', undefined, token)).status).toBe(200);
    advance(31 * 24 * 60 * MINUTE);
    expect((await t.call('GET', '/api/auth/me', undefined, token)).status).toBe(401);
  });
});

describe('bad payloads are a 400 with a Portuguese message', () => {
  const cases: Array<[string, string, unknown, string | RegExp]> = [
    ['register', 'no e-mail', { password: 'segredo123' }, 'E-mail é obrigatório'],
    ['register', 'no password', { email: 'a@b.com' }, 'Senha é obrigatória'],
    ['register', 'empty body', '', 'E-mail é obrigatório'],
    ['register', 'invalid e-mail', { email: 'ana@', password: 'segredo123' }, 'E-mail inválido'],
    ['register', 'e-mail as number', { email: 42, password: 'segredo123' }, 'E-mail é obrigatório'],
    [
      'register',
      'short password',
      { email: 'a@b.com', password: '123' },
      'Senha deve ter no mínimo 6 caracteres',
    ],
    ['register', 'huge e-mail', { email: `${'a'.repeat(5000)}@b.com`, password: 'x' }, /E-mail/],
    [
      'register',
      'huge password',
      { email: 'a@b.com', password: 'x'.repeat(10_000) },
      'Senha muito longa',
    ],
    [
      'register',
      'invalid JSON',
      '{"email": "a@b.com",',
      'Corpo da requisição inválido: envie JSON',
    ],
    ['register', 'array body', '[1,2]', /inválid/i],
    ['register', 'null body', 'null', /inválid/i],
    ['login', 'no password', { email: 'a@b.com' }, 'Senha é obrigatória'],
    [
      'login',
      'password as object',
      { email: 'a@b.com', password: { $ne: 1 } },
      'Senha é obrigatória',
    ],
    ['login', 'invalid JSON', 'email=a@b.com', 'Corpo da requisição inválido: envie JSON'],
  ];
  it('refuses a body over the 16 KB cap of /api/auth with 413 before reading it', async () => {
    const res = await t.call('POST', '/api/auth/register', {
      email: 'a@b.com',
      password: 'x'.repeat(100_000),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Corpo da requisição muito grande: o máximo aqui é 16 KB.');
  });

  it.each(cases)('%s with %s', async (route, _name, body, message) => {
    const res = await t.call('POST', `/api/auth/${route}`, body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
  });
});
