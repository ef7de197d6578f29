/**
 * Ending sessions (issue 35, point 10): the password change ends every other session, 'sair de
 * todos' ends them all, the list and ending one (scoped to the user), and renewal by use with
 * an idle limit and an absolute cap, on a clock the tests move.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hashToken } from '../../server/auth/sessions';
import { sessions, users } from '../../server/db/schema';
import type { SessionView } from '../../server/services/accounts/user-sessions';
import { createTestApp, type JsonObject, type TestApp } from './test-app';

const EXPIRED = 'Sessão expirada. Entre novamente.';
const TOO_MANY = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let clock = new Date('2026-11-20T12:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

let seq = 0;
type Account = { email: string; password: string; token: string };

/** A request with a User-Agent and a client address (the socket app.request() lacks). */
async function send<T = JsonObject>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; agent?: string; address?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.agent) headers['user-agent'] = options.agent;
  const res = await t.app.request(
    path,
    {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    { incoming: { socket: { remoteAddress: options.address ?? '192.0.2.1' } } },
  );
  const text = await res.text();
  // The shape the caller names; the assertions check it.
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function register(agent = ANDROID): Promise<Account> {
  const email = `sessao${++seq}-${Date.now()}@exemplo.com.br`;
  const password = 'segredo123';
  const res = await send<{ token: string }>('POST', '/api/auth/register', {
    body: { email, password },
    agent,
  });
  expect(res.status).toBe(201);
  return { email, password, token: res.body.token };
}

async function login(account: Account, agent = IPHONE, password = account.password) {
  return send<{ token: string }>('POST', '/api/auth/login', {
    body: { email: account.email, password },
    agent,
  });
}

async function loginToken(account: Account, agent = IPHONE): Promise<string> {
  const res = await login(account, agent);
  expect(res.status).toBe(200);
  return res.body.token;
}

async function passwordHashOf(userId: string) {
  const [row] = await t.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.passwordHash;
}

const me = async (token: string) => (await send('GET', '/api/auth/me', { token })).status;

describe('POST /api/auth/senha', () => {
  it('changes the password and ends every other session, not this one', async () => {
    const account = await register();
    const phone = await loginToken(account);
    const computer = await loginToken(account);
    const res = await send('POST', '/api/auth/senha', {
      token: account.token,
      body: { atual: account.password, nova: 'nova-senha-456' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Senha alterada', sessoesEncerradas: 2 });
    expect(await me(account.token)).toBe(200);
    expect(await me(phone)).toBe(401);
    expect(await me(computer)).toBe(401);
    // The old password no longer signs in; the new one does.
    const old = await login(account);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: 'E-mail ou senha incorretos' });
    expect((await login(account, IPHONE, 'nova-senha-456')).status).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const account = await register();
    const other = await loginToken(account);
    const res = await send('POST', '/api/auth/senha', {
      token: account.token,
      body: { atual: 'errada999', nova: 'nova-senha-456' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Senha atual incorreta' });
    expect(await me(account.token)).toBe(200);
    expect(await me(other)).toBe(200);
    expect((await login(account)).status).toBe(200);
  });

  it.each([
    [{ atual: 'segredo123', nova: '123' }, 'Nova senha deve ter no mínimo 6 caracteres'],
    [{ atual: 'segredo123', nova: 'x'.repeat(201) }, 'Nova senha muito longa'],
    [{ atual: 'segredo123' }, 'Nova senha é obrigatória'],
    [{ nova: 'nova-senha-456' }, 'Informe a senha atual'],
    [{ atual: 'segredo123', nova: 'segredo123' }, 'A nova senha deve ser diferente da atual'],
  ])('validates the new password like sign-up: %j', async (body, message) => {
    const account = await register();
    const res = await send('POST', '/api/auth/senha', { token: account.token, body });
    expect(res).toEqual({ status: 400, body: { message } });
    expect((await login(account)).status).toBe(200);
  });

  it('needs a live session', async () => {
    const res = await send('POST', '/api/auth/senha', {
      body: { atual: 'segredo123', nova: 'nova-senha-456' },
    });
    expect(res).toEqual({ status: 401, body: { message: EXPIRED } });
  });

  it('counts wrong current passwords with the login attempts: 429 after 10, even with the right one', async () => {
    const account = await register();
    const address = '198.51.100.35';
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        send('POST', '/api/auth/senha', {
          token: account.token,
          address,
          body: { atual: 'errada999', nova: 'nova-senha-456' },
        }),
      ),
    );
    expect(tries.map((r) => r.status)).toEqual(Array(10).fill(400));
    const blocked = await send('POST', '/api/auth/senha', {
      token: account.token,
      address,
      body: { atual: account.password, nova: 'nova-senha-456' },
    });
    expect(blocked).toEqual({ status: 429, body: { message: TOO_MANY } });
    // The same counters as login: this address cannot guess through the login form either.
    const viaLogin = await send('POST', '/api/auth/login', {
      address,
      body: { email: account.email, password: account.password },
    });
    expect(viaLogin.status).toBe(429);

    advance(16 * MINUTE);
    const after = await send('POST', '/api/auth/senha', {
      token: account.token,
      address,
      body: { atual: account.password, nova: 'nova-senha-456' },
    });
    expect(after.status).toBe(200);
  });

  it('of two changes at once from two phones, one wins and one session is left', async () => {
    const account = await register();
    const other = await loginToken(account);
    const [a, b] = await Promise.all([
      send('POST', '/api/auth/senha', {
        token: account.token,
        body: { atual: account.password, nova: 'senha-do-a-1' },
      }),
      send('POST', '/api/auth/senha', {
        token: other,
        body: { atual: account.password, nova: 'senha-do-b-2' },
      }),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    const winner = a.status === 200 ? { token: account.token, pw: 'senha-do-a-1' } : null;
    const won = winner ?? { token: other, pw: 'senha-do-b-2' };
    const lost = won.token === account.token ? other : account.token;
    expect(await me(won.token)).toBe(200);
    expect(await me(lost)).toBe(401);
    expect((await login(account, IPHONE, won.pw)).status).toBe(200);
    expect(
      (await login(account, IPHONE, won.pw === 'senha-do-a-1' ? 'senha-do-b-2' : 'senha-do-a-1'))
        .status,
    ).toBe(401);
  });
});

describe('a login racing a password change', () => {
  it('makes no session when the password it checked was changed meanwhile', async () => {
    const account = await register();
    const [user] = await t.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, account.email));
    if (!user) throw new Error('no user');
    const changed = await send('POST', '/api/auth/senha', {
      token: account.token,
      body: { atual: account.password, nova: 'nova-senha-456' },
    });
    expect(changed.status).toBe(200);
    // What login does after checking the old password against the hash it read before.
    const late = { userId: user.id, device: '', checkedHash: user.passwordHash };
    expect(await createSession(t.db, late, clock)).toBeNull();
    const current = { ...late, checkedHash: (await passwordHashOf(user.id)) ?? '' };
    expect(await createSession(t.db, current, clock)).toEqual(expect.any(String));
  });
});

describe('POST /api/auth/sair-de-todos', () => {
  it('ends every session of the user, the caller included, and no one else', async () => {
    const account = await register();
    const phone = await loginToken(account);
    const stranger = await register();
    const res = await send('POST', '/api/auth/sair-de-todos', { token: phone });
    expect(res).toEqual({ status: 200, body: { sessoesEncerradas: 2 } });
    expect(await me(phone)).toBe(401);
    expect(await me(account.token)).toBe(401);
    expect(await me(stranger.token)).toBe(200);
    // Signing in again works as before.
    expect(await me(await loginToken(account))).toBe(200);
  });
});

describe('the session list', () => {
  it('lists each live session with its device, this one first, never its token', async () => {
    const account = await register(ANDROID);
    advance(2 * MINUTE);
    const phone = await loginToken(account, IPHONE);
    const res = await send<SessionView[]>('GET', '/api/auth/sessoes', { token: phone });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        criadaEm: clock.toISOString(),
        ultimoUso: clock.toISOString(),
        aparelho: 'Safari no iPhone',
        atual: true,
      },
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        criadaEm: new Date(clock.getTime() - 2 * MINUTE).toISOString(),
        ultimoUso: new Date(clock.getTime() - 2 * MINUTE).toISOString(),
        aparelho: 'Chrome no Android',
        atual: false,
      },
    ]);
    const text = JSON.stringify(res.body);
    for (const token of [account.token, phone]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(hashToken(token));
    }
  });

  it('ends one session by id; another user gets 404 for it', async () => {
    const account = await register();
    const phone = await loginToken(account);
    const stranger = await register();
    const list = await send<SessionView[]>('GET', '/api/auth/sessoes', { token: account.token });
    const phoneId = list.body.find((s) => !s.atual)?.id ?? '';

    const foreign = await send('DELETE', `/api/auth/sessoes/${phoneId}`, { token: stranger.token });
    expect(foreign).toEqual({ status: 404, body: { message: 'Sessão não encontrada' } });
    expect(await me(phone)).toBe(200);
    for (const id of ['nao-e-um-id', '00000000-0000-0000-0000-000000000000']) {
      expect(
        (await send('DELETE', `/api/auth/sessoes/${id}`, { token: account.token })).status,
      ).toBe(404);
    }

    const ended = await send('DELETE', `/api/auth/sessoes/${phoneId}`, { token: account.token });
    expect(ended.status).toBe(204);
    expect(await me(phone)).toBe(401);
    expect(await me(account.token)).toBe(200);
    const after = await send<SessionView[]>('GET', '/api/auth/sessoes', { token: account.token });
    expect(after.body.map((s) => s.id)).not.toContain(phoneId);
    // Ending it again: already gone.
    expect(
      (await send('DELETE', `/api/auth/sessoes/${phoneId}`, { token: account.token })).status,
    ).toBe(404);
  });
});

describe('renewal by use', () => {
  const lastUsed = async (token: string) => {
    const [row] = await t.db
      .select({ lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row;
  };

  it('ends a session after 30 days without use; each use renews it', async () => {
    const unused = await register();
    const used = await register();
    for (let i = 0; i < 3; i++) {
      advance(29 * DAY);
      expect(await me(used.token)).toBe(200);
    }
    expect(await me(unused.token)).toBe(401);
    advance(30 * DAY + MINUTE);
    const res = await send('GET', '/api/auth/me', { token: used.token });
    expect(res).toEqual({ status: 401, body: { message: EXPIRED } });
  });

  it('ends a session 90 days after sign-in however often it is used', async () => {
    const account = await register();
    for (let day = 10; day < 90; day += 10) {
      advance(10 * DAY);
      expect(await me(account.token)).toBe(200);
    }
    advance(10 * DAY - MINUTE);
    expect(await me(account.token)).toBe(200);
    advance(2 * MINUTE);
    expect(await me(account.token)).toBe(401);
  });

  it('writes the last use at most once an hour per token', async () => {
    const account = await register();
    const created = await lastUsed(account.token);
    advance(59 * MINUTE);
    expect(await me(account.token)).toBe(200);
    expect(await lastUsed(account.token)).toEqual(created);
    advance(2 * MINUTE);
    expect(await me(account.token)).toBe(200);
    expect((await lastUsed(account.token))?.lastUsedAt).toEqual(clock);
    expect((await lastUsed(account.token))?.expiresAt).toEqual(
      new Date(clock.getTime() + 30 * DAY),
    );
    // The list shows it.
    const other = await loginToken(account);
    const list = await send<SessionView[]>('GET', '/api/auth/sessoes', { token: other });
    expect(list.body[1]?.ultimoUso).toBe(new Date(clock).toISOString());
  });
});
