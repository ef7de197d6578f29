/**
 * The real server on an Evolution gateway (the API tests' stand-in) that goes silent after the
 * store connected: the home card and the WhatsApp screen say 'Verificando conexão', never a green
 * 'Conectado'. axe on the screen. Screenshots: /tmp/receipts-shots/04-*, 05-*.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startFakeEvolution } from '../api/evolution-fake';
import { axeFindings } from './a11y-helpers';
import { launchPhone, type Phone } from './browser';
import { type ApiOwner, api, createOwnerWithStore, signIn } from './offline-helpers';
import { type RunningServer, startServer } from './server';

let fake: Awaited<ReturnType<typeof startFakeEvolution>>;
let server: RunningServer;
let phone: Phone;
let page: Page;
let owner: ApiOwner;
let fakeOpen = true;

beforeAll(async () => {
  fs.mkdirSync('/tmp/receipts-shots', { recursive: true });
  fake = await startFakeEvolution();
  server = await startServer({
    STATIC_DIR: inject('distDir'),
    EVOLUTION_API_URL: fake.url,
    EVOLUTION_API_KEY: 'chave-global-secreta',
    PIX_PROVIDER: 'off',
  });
  owner = await createOwnerWithStore(server.baseUrl, 'Padaria Pão Quente');
  await api(server.baseUrl, 'GET', '/api/whatsapp/generate-qr', owner.token);
  for (const name of fake.instances.keys()) fake.instances.set(name, 'open');
  const st = await api<{ status: string }>(
    server.baseUrl,
    'GET',
    '/api/whatsapp/status',
    owner.token,
  );
  expect(st.body.status).toBe('CONECTADO');
  phone = await launchPhone(server.baseUrl);
  page = phone.page;
  await signIn(page, owner);
});
afterAll(async () => {
  await phone?.close();
  await server?.stop();
  if (fakeOpen) await fake?.close();
});

it('shows Verificando conexão when the gateway goes silent', async () => {
  await fake.close();
  fakeOpen = false;
  const st = await api<{ status: string }>(
    server.baseUrl,
    'GET',
    '/api/whatsapp/status',
    owner.token,
  );
  expect(st.body.status).toBe('VERIFICANDO');
  await page.goto('/');
  await page.getByText('Verificando conexão').waitFor({ timeout: 20_000 });
  await page.screenshot({ path: '/tmp/receipts-shots/04-home-verificando.png' });
  await page.goto('/configuracoes/whatsapp-agente');
  await page.getByText('Verificando conexão').waitFor({ timeout: 20_000 });
  await page.screenshot({ path: '/tmp/receipts-shots/05-screen-verificando.png' });
  expect(await axeFindings(page)).toEqual([]);
});
