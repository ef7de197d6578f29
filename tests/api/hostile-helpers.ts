/** Hostile-input kit: raw requests, the "clean refusal" assertion and a snapshot of saved data. */
import { expect } from 'vitest';
import type { TestApp } from './test-app';

export type Raw = { status: number; text: string; body: unknown; type: string | null };

/** Any request, with the body sent byte for byte (no JSON.stringify), answering text and JSON. */
export async function raw(
  t: TestApp,
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string>; token?: string } = {},
): Promise<Raw> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (
    init.body !== undefined &&
    !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
  )
    headers['content-type'] = 'application/json';
  const res = await t.app.request(path, { method, headers, body: init.body });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = undefined;
  }
  return { status: res.status, text, body, type: res.headers.get('content-type') };
}

/** Words that only show up when an English library/runtime message leaks to the client. */
const LEAK =
  /\b(error|exception|stack|undefined|unexpected|syntax|cannot|failed|invalid input|violates|relation|column|at \w+ \(|node_modules|TypeError|RangeError)\b/i;

/** A refusal an API client can show: a 4xx (or an allowed success), JSON `{ message }` in Portuguese. */
export function expectRefused(res: Raw, label: string, allowed: readonly number[] = []) {
  const context = `${label} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, context).toBeLessThan(500);
  if (allowed.includes(res.status)) return;
  expect(res.status, context).toBeGreaterThanOrEqual(400);
  expect(res.type ?? '', context).toMatch(/application\/json/);
  const message = (res.body as { message?: unknown } | undefined)?.message;
  expect(typeof message, context).toBe('string');
  expect((message as string).length, context).toBeGreaterThan(0);
  expect(message as string, context).not.toMatch(LEAK);
}

/** Everything an owner can read back; compared before and after refused requests. */
export async function snapshot(t: TestApp, token: string) {
  const read = async (path: string) => (await raw(t, 'GET', path, { token })).body;
  return {
    store: await read('/api/stores/me'),
    products: await read('/api/products'),
    customers: await read('/api/customers'),
    sync: await read('/api/sync?since=0'),
  };
}

/** Bodies that are not the JSON object a route expects. */
export function hostileBodies(): Array<[string, string]> {
  const deepObject = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
  const deepArray = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  return [
    ['invalid JSON', '{"name": "x",'],
    ['JSON array', '[{"name":"x"}]'],
    ['JSON string', '"texto"'],
    ['JSON number', '42'],
    ['JSON null', 'null'],
    ['JSON true', 'true'],
    ['deeply nested object', deepObject],
    ['deeply nested array', deepArray],
    ['nested object in a field', JSON.stringify({ name: { $gt: '' }, price: ['1'] })],
    ['deep object in a field', `{"name":${deepObject}}`],
    ['numbers where strings go', JSON.stringify({ name: 123, phone: 11987654321, price: 10 })],
    [
      '1 MB strings',
      JSON.stringify({ name: 'x'.repeat(1_000_000), email: `${'a'.repeat(1_000_000)}@x.com` }),
    ],
    [
      '__proto__ key',
      '{"__proto__":{"isAdmin":true,"storeId":"x"},"constructor":{"prototype":{"p":1}}}',
    ],
    ['binary garbage', '\u0000\u0001\uFFFD\uFEFF\u00ff{'],
  ];
}
