/** WhatsApp through the built-in sandbox: connect by QR, the assistant answers, SAIR opts out. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { defaultBusinessHours } from '../../src/domain/hours';
import { launchPhone, type Phone, sees } from './browser';

const email = `whats.${Date.now()}@example.com`;
const password = 'segredo123';
let baseUrl: string;
let phone: Phone;
let page: Page;
let sandbox: Page;
let token: string;

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** 'Conectado' must not be satisfied by 'Desconectado'. */
async function seesExactly(text: string, timeout = 10_000) {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout });
}

beforeAll(async () => {
  baseUrl = inject('baseUrl');
  // The account and the store come from the API: this test is about WhatsApp, not onboarding.
  const registered = await api('POST', '/api/auth/register', { email, password });
  token = registered.token;
  await api('POST', '/api/stores', {
    name: 'Padaria Pão Quente',
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    businessHours: defaultBusinessHours(),
  });
  phone = await launchPhone(baseUrl);
  page = phone.page;
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home', {
    timeout: 15_000,
  });
});

afterAll(async () => {
  await phone?.close();
});

describe('WhatsApp e Agente Virtual (sandbox)', () => {
  it('connects by QR code: the sandbox page "scans" it and the app shows Conectado', async () => {
    await page.goto('/configuracoes/whatsapp-agente');
    await sees(page, 'Modo de demonstração (sandbox)');
    await seesExactly('Desconectado');
    await page.getByRole('button', { name: 'Gerar QR Code de Conexão' }).click();
    const qr = page.getByRole('img', { name: 'QR Code de conexão do WhatsApp' });
    await qr.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await sees(page, 'Abra o seu aplicativo de mensagens');
    await sees(page, 'Vá em Configurações > Aparelhos Conectados');
    await sees(page, 'Toque em Conectar um aparelho e escaneie o código');
    await page.getByRole('button', { name: 'Gerar Novo QR Code' }).waitFor();

    const link = await page.getByRole('link', { name: /página de teste/ }).getAttribute('href');
    expect(link).toContain('/sandbox/');
    sandbox = await phone.context.newPage();
    await sandbox.goto(link ?? '');
    await sees(sandbox, 'Padaria Pão Quente');
    await sees(sandbox, 'WhatsApp da loja: Conectado');

    // The screen polls every 5 s while the QR waits.
    await seesExactly('Conectado', 12_000);
    await page.getByRole('button', { name: 'Desconectar WhatsApp' }).waitFor();
    await page.goto('/');
    await seesExactly('Conectado');
  });

  it('turns the assistant on and it answers the opening hours', async () => {
    await page.goto('/configuracoes/whatsapp-agente');
    await page.getByText('Ativar Assistente Virtual').click();
    await page
      .getByLabel('Conte para o agente virtual como ele deve agir')
      .fill('Seja simpático. Aceitamos Pix.');
    await page.getByRole('button', { name: 'Salvar Configurações' }).click();
    await sees(page, 'Configurações salvas!');

    await sandbox.getByLabel('Mensagem').fill('qual o horário de vocês?');
    await sandbox.getByRole('button', { name: 'Enviar para a loja' }).click();
    await sees(sandbox, 'Segunda-feira a sexta-feira: 08:00 às 18:00');
    await sees(sandbox, 'Sábado: 08:00 às 12:00');
    await sees(sandbox, 'Domingo: fechado');
  });

  it('SAIR marks the customer as opted out', async () => {
    await sandbox.getByLabel('Mensagem').fill('SAIR');
    await sandbox.getByRole('button', { name: 'Enviar para a loja' }).click();
    await sees(sandbox, /não vai mais receber nossas mensagens/);
    const customers = (await api('GET', '/api/customers')) as {
      phone: string;
      optedOut: boolean;
      name: string;
    }[];
    expect(customers).toContainEqual(
      expect.objectContaining({ phone: '11987654321', name: 'Cliente Teste', optedOut: true }),
    );
  });

  it('disconnects', async () => {
    await page.getByRole('button', { name: 'Desconectar WhatsApp' }).click();
    await sees(page, 'WhatsApp desconectado');
    await page.getByRole('button', { name: 'Gerar QR Code de Conexão' }).waitFor();
    await seesExactly('Desconectado');
    // The page link dies with the connection, like a real pairing.
    await sees(sandbox, 'Link inválido ou expirado');
  });

  it('says it needs a connection when the phone is offline', async () => {
    await phone.context.setOffline(true);
    await sees(page, 'Conectar o WhatsApp precisa de internet');
    await phone.context.setOffline(false);
    await page
      .getByRole('button', { name: 'Gerar QR Code de Conexão' })
      .waitFor({ timeout: 10_000 });
  });
});
