/**
 * Every /api answer is `Cache-Control: no-store` (personal data never in a shared cache): read from
 * the app's own route table, so a route added later is covered without touching this file. Each
 * route is called signed in (its real answer: 200, 400, 404…) and signed out (401).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, newId, type Owner, send } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
});
afterAll(() => t?.close());

/** Ends the caller's session or store: called last, so the others still run signed in. */
const ENDS_SESSION = /logout|sair|senha/;
/** Public on purpose and cacheable when found (the gateway fetches it by an unguessable id). */
const PUBLIC_CACHEABLE = new Set(['GET /api/campanhas/imagens/:id']);

function apiRoutes(): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  const routes: Array<{ method: string; path: string }> = [];
  for (const r of t.app.routes) {
    if (!r.path.startsWith('/api/') || r.path.includes('*') || r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: r.method, path: r.path });
  }
  return routes.sort(
    (a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)),
  );
}

describe('Cache-Control: no-store on /api answers', () => {
  it('covers the authenticated routes the issue names', () => {
    const paths = new Set(apiRoutes().map((r) => `${r.method} ${r.path}`));
    for (const route of [
      'GET /api/auth/me',
      'GET /api/stores/me',
      'GET /api/products',
      'GET /api/customers',
      'GET /api/pedidos',
      'GET /api/campanhas',
    ]) {
      expect(paths).toContain(route);
    }
    expect(paths.size).toBeGreaterThan(40);
  });

  it('is on every answer, signed in or not, success or error', async () => {
    const missing: string[] = [];
    const signedInStatuses = new Map<string, number>();
    for (const { method, path } of apiRoutes()) {
      const url = path.replace(/:[a-zA-Z]+(\{[^}]*\})?/g, newId());
      const body = method === 'GET' || method === 'HEAD' ? undefined : {};
      for (const token of [undefined, owner.token]) {
        const res = await send(t, method, url, { token, body });
        const header = res.headers.get('cache-control');
        if (token) signedInStatuses.set(`${method} ${path}`, res.status);
        const allowedPublic = PUBLIC_CACHEABLE.has(`${method} ${path}`) && res.status === 200;
        if (header !== 'no-store' && !allowedPublic) {
          missing.push(
            `${method} ${url} ${token ? 'signed in' : 'signed out'} → ${res.status} ${header}`,
          );
        }
      }
    }
    expect(missing).toEqual([]);
    // The session lived through the table: the signed-in calls reached their routes.
    expect(signedInStatuses.get('GET /api/products')).toBe(200);
    expect(signedInStatuses.get('GET /api/pedidos')).toBe(200);
  });

  it('is on the answer of an unknown /api route and of the session check', async () => {
    expect((await send(t, 'GET', '/api/nada')).headers.get('cache-control')).toBe('no-store');
    const other = await createOwner(t);
    const me = await send(t, 'GET', '/api/auth/me', { token: other.token });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
  });
});
