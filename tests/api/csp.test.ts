/**
 * Content-Security-Policy: the app shell (index.html's inline start-up allowed by its hash, no
 * 'unsafe-inline' script), every answer carrying a policy, the sandbox pages with no inline script
 * (their scripts served as files), the storefront keeping its own.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../server/env';
import { openRuntime, type Runtime } from '../../server/runtime';
import { pixSandboxPage } from '../../server/services/pix/sandbox-page';
import { sandboxPage } from '../../server/services/whatsapp/sandbox-page';
import { openTestPglite } from './test-databases';

let runtime: Runtime;
let app: Runtime['app'];
let dist: string;
const BOOT = 'document.getElementById("root").dataset.boot="1"';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0]);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-csp-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Talí</title><div id="root"></div><script>${BOOT}</script>`,
  );
  const env = readEnv({ NODE_ENV: 'test', WHATSAPP_PROVIDER: 'sandbox', PIX_PROVIDER: 'sandbox' });
  runtime = await openRuntime({ env, database: await openTestPglite(), staticDir: dist });
  app = runtime.app;
});
afterAll(async () => {
  await runtime?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const directives = (policy: string | null) =>
  new Map(
    (policy ?? '').split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

describe('the app shell', () => {
  it('allows its inline start-up by hash and no other inline script', async () => {
    const res = await app.request('/produtos', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const policy = directives(res.headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'", hashOf(BOOT)]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('follows a rebuild: a new start-up script gets its own hash', async () => {
    const file = path.join(dist, 'index.html');
    const next = 'window.__v=2';
    fs.writeFileSync(file, `<!doctype html><div id="root"></div><script>${next}</script>`);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const res = await app.request('/', { headers: { accept: 'text/html' } });
    expect(directives(res.headers.get('content-security-policy')).get('script-src')).toEqual([
      "'self'",
      hashOf(next),
    ]);
  });

  it('API answers carry a policy too', async () => {
    const res = await app.request('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('the sandbox pages', () => {
  it('WhatsApp and Pix pages have no inline script, their scripts are files', () => {
    const wa = sandboxPage({ storeName: 'Loja' });
    const pix = pixSandboxPage({
      amount: '10.00',
      merchantName: 'Talí',
      description: 'Campanha',
      state: 'ATIVA',
      expiresAt: new Date(Date.now() + 60_000),
    });
    for (const html of [wa, pix]) {
      expect(inlineScripts(html)).toEqual([]);
      expect(html).not.toMatch(/\son[a-z]+=/i);
      expect(html).not.toMatch(/\sstyle="/);
    }
    expect(wa).toContain('<script src="/sandbox/_/whatsapp.js"></script>');
    expect(pix).toContain('<script src="/sandbox/pix/_/pix.js"></script>');
  });

  it('answer with a strict policy whose style hash is their own stylesheet', async () => {
    for (const url of [`/sandbox/${crypto.randomUUID()}?k=errado`, '/sandbox/pix/naoexiste']) {
      const res = await app.request(url);
      const html = await res.text();
      const policy = directives(res.headers.get('content-security-policy'));
      expect(policy.get('default-src'), url).toEqual(["'none'"]);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      expect(policy.get('style-src'), url).toEqual([hashOf(style)]);
      expect(inlineScripts(html), url).toEqual([]);
    }
    for (const [url, text] of [
      ['/sandbox/_/whatsapp.js', "fetch(base+'/messages'"],
      ['/sandbox/pix/_/pix.js', "'/pagar'"],
    ] as const) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(await res.text()).toContain(text);
    }
  });
});
