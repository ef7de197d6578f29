/** Test owners: a user, a live session and a store written straight to the database. */
import { randomBytes, randomUUID } from 'node:crypto';
import { hashToken } from '../../server/auth/sessions';
import { sessions, stores, users } from '../../server/db/schema';
import { defaultBusinessHours } from '../../src/domain/hours';
import type { JsonObject, TestApp } from './test-app';

export type { JsonObject } from './test-app';

export type Owner = { token: string; userId: string; storeId: string };

/**
 * Bypasses register/login on purpose: those are tested on their own, and their password hashing
 * and rate limits would only slow these tests down.
 */
export async function createOwner(t: TestApp, storeName = 'Loja Teste'): Promise<Owner> {
  const suffix = randomBytes(4).toString('hex');
  const [user] = await t.db
    .insert(users)
    .values({ email: `dono-${suffix}@example.com`, passwordHash: 'not-a-real-hash' })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const [store] = await t.db
    .insert(stores)
    .values({
      userId: user.id,
      slug: `loja-${suffix}`,
      name: storeName,
      businessHours: defaultBusinessHours(),
    })
    .returning({ id: stores.id });
  if (!store) throw new Error('store not created');
  return { token, userId: user.id, storeId: store.id };
}

/** A request with extra headers (Idempotency-Key…), answering status, headers and parsed body. */
export async function send<T = JsonObject>(
  t: TestApp,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await t.app.request(path, {
    method,
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (CSV template): keep the text.
  }
  // The shape the caller names: what the API answers, which the test's assertions check.
  return { status: res.status, headers: res.headers, body: body as T, text };
}

export const newId = () => randomUUID();

/** POST /api/sync/replay's answer: one result per mutation, in order (a replay says so). */
export type ReplayAnswer = {
  results: Array<{ status: number; body: JsonObject | null; replayed?: boolean }>;
};
