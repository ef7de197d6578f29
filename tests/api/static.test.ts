/** Serving the built PWA: cache headers per file class, SPA fallback for navigations, never /api. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../server/env';
import { openRuntime, type Runtime } from '../../server/runtime';
import { openTestPglite } from './test-databases';

let runtime: Runtime;
let dist: string;
const env = readEnv({ NODE_ENV: 'test' });

/** The app as the server builds it, serving `staticDir`. */
const appServing = async (staticDir: string) =>
  (await openRuntime({ env, database: runtime.database, staticDir })).app;

beforeAll(async () => {
  runtime = await openRuntime({ env, database: await openTestPglite() });
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Talí</title>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting()');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'icon-192.png'), 'png');
});
afterAll(async () => {
  await runtime?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('static PWA', () => {
  it('serves hashed assets as immutable and sw.js / index.html as no-cache', async () => {
    const app = await appServing(dist);
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const sw = await app.request('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const root = await app.request('/', { headers: html });
    expect(root.headers.get('cache-control')).toBe('no-cache');
    expect(await root.text()).toContain('<title>Talí</title>');
    expect((await app.request('/icon-192.png')).headers.get('cache-control')).toMatch(/max-age/);
  });

  it('answers app routes with the shell for navigations only', async () => {
    const app = await appServing(dist);
    const nav = await app.request('/configuracoes/dados-cadastrais', { headers: html });
    expect(nav.status).toBe(200);
    expect(nav.headers.get('cache-control')).toBe('no-cache');
    expect(await nav.text()).toContain('<title>Talí</title>');
    expect((await app.request('/assets/missing-123.js')).status).toBe(404);
  });

  it('answers app routes with the shell for */* (curl, link checkers) and no Accept; files stay 404', async () => {
    const app = await appServing(dist);
    for (const route of ['/login', '/configuracoes/dados-cadastrais', '/']) {
      const res = await app.request(route, { headers: { accept: '*/*' } });
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('<title>Talí</title>');
    }
    const bare = await app.request('/register');
    expect(bare.status).toBe(200);
    expect(await bare.text()).toContain('<title>Talí</title>');
    const any = { headers: { accept: '*/*' } };
    expect((await app.request('/assets/missing-123.js', any)).status).toBe(404);
    expect((await app.request('/missing-icon.png', any)).status).toBe(404);
    expect((await app.request('/assets/chunk', any)).status).toBe(404);
    const script = await app.request('/assets/index-abc123.js', any);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const api = await app.request('/api/nao-existe', any);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Rota não encontrada' });
    expect((await app.request('/login', { headers: { accept: 'image/png' } })).status).toBe(404);
  });

  it('never answers /api with the shell, nor lets ../ escape the folder', async () => {
    const app = await appServing(dist);
    const api = await app.request('/api/nao-existe', { headers: html });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Rota não encontrada' });
    const dotdot = await app.request('/../package.json');
    expect(await dotdot.text()).not.toContain('"name"');
    const encoded = await app.request('/%2e%2e/%2e%2e/etc/passwd');
    expect(await encoded.text()).not.toContain('root:');
  });

  it('says how to build when the PWA is missing', async () => {
    const app = await appServing(path.join(dist, 'nope'));
    const res = await app.request('/login', { headers: html });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
    expect((await app.request('/api/nao-existe')).status).toBe(404);
  });
});
