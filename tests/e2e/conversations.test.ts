/**
 * Conversas at 390×844 (issue 37) on the real server, its WhatsApp the Evolution stand-in:
 * customers write through the stand-in's webhook; the inbox shows them (unread badge, filter,
 * search), a thread shows the turns and takes the owner's reply (a quick reply), and a reply
 * typed offline waits on the phone and reaches the stand-in once on reconnect. axe on both.
 * Screenshots: /tmp/conv-shots/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeEvolution } from '../api/evolution-fake';
import { upsert } from '../api/whatsapp-fixtures';
import { axeFindings } from './a11y-helpers';
import { launchPhone, type Phone, waitForServiceWorker } from './browser';
import { type ApiOwner, api, createOwnerWithStore, signIn, until } from './offline-helpers';
import { type RunningServer, startServer } from './server';

const SHOTS = '/tmp/conv-shots';
const ANA = '11987654321';
const JOAO = '21998765432';
const MARIA = '31987651234';

/** The turns' texts the phone keeps for a chat (Dexie's `chatTurns`), read in the page. */
const keptTurns = (national: string) =>
  new Promise<string[]>((resolve, reject) => {
    const open = indexedDB.open('tali');
    open.onsuccess = () => {
      const get = open.result.transaction('chatTurns').objectStore('chatTurns').get(national);
      get.onsuccess = () => {
        open.result.close();
        const kept = get.result as { turns: { text: string }[] } | undefined;
        resolve(kept?.turns.map((t) => t.text) ?? []);
      };
      get.onerror = () => reject(get.error);
    };
    open.onerror = () => reject(open.error);
  });

let fake: Awaited<ReturnType<typeof startFakeEvolution>>;
let server: RunningServer;
let phone: Phone;
let page: Page;
let owner: ApiOwner;
let instance = '';

type Chat = {
  phone: string;
  unread: number;
  needsHuman: boolean;
  assistant: { active: boolean; until: string | null };
};

/** A customer writes to the store: the stand-in calls the store's webhook (messages.upsert). */
async function customerWrites(from: string, text: string, name: string) {
  const hook = fake.webhooks.get(instance);
  if (!hook) throw new Error('no webhook set');
  const body = upsert(text, { from, name });
  body.instance = instance;
  const res = await fetch(hook.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...hook.headers },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** The texts the stand-in delivered to a national number. */
const deliveredTo = (national: string) =>
  fake.delivered
    .filter((r) => r.path === `/message/sendText/${instance}`)
    .map((r) => r.body as { number: string; text: string })
    .filter((b) => b.number === `55${national}`)
    .map((b) => b.text);

const chatOnServer = async (national: string) =>
  (
    await api<{ chats: Chat[] }>(server.baseUrl, 'GET', '/api/conversas', owner.token)
  ).body.chats.find((c) => c.phone === national);

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  fake = await startFakeEvolution();
  server = await startServer({
    STATIC_DIR: inject('distDir'),
    EVOLUTION_API_URL: fake.url,
    EVOLUTION_API_KEY: 'chave-global-secreta',
    PIX_PROVIDER: 'off',
  });
  owner = await createOwnerWithStore(server.baseUrl, 'Padaria Pão Quente');
  const created = await api(server.baseUrl, 'POST', '/api/customers', owner.token, {
    name: 'Ana Souza',
    phone: ANA,
  });
  expect(created.status).toBeLessThan(300);
  await api(server.baseUrl, 'GET', '/api/whatsapp/generate-qr', owner.token);
  instance = [...fake.instances.keys()][0] ?? '';
  fake.instances.set(instance, 'open');
  phone = await launchPhone(server.baseUrl);
  page = phone.page;
  await signIn(page, owner);
  await waitForServiceWorker(page);
}, 600_000);
afterAll(async () => {
  await phone?.close();
  await server?.stop();
  await fake?.close();
});

describe('Conversas (/conversas) at 390×844', () => {
  it('shows a message that arrives through the webhook within seconds, with its unread badge, filter and search', async () => {
    await customerWrites(ANA, 'Oi, vocês têm pão de queijo?', 'Aninha');
    await page.getByRole('link', { name: /Conversas/ }).click();
    await page.waitForURL('**/conversas');
    const ana = page.getByTestId('chat-row').filter({ hasText: 'Ana Souza' });
    await ana.getByText('Oi, vocês têm pão de queijo?').waitFor({ timeout: 15_000 });

    // A new chat while the list is open: on screen within 5 s (the pull's poke).
    const sentAt = Date.now();
    await customerWrites(JOAO, 'Quero falar com um atendente', 'João');
    const joao = page.getByTestId('chat-row').filter({ hasText: 'João' });
    await joao.waitFor({ timeout: 10_000 });
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    // Newest first; João asked for a person.
    await expect
      .poll(() => page.getByTestId('chat-row').allInnerTexts())
      .toEqual([expect.stringContaining('João'), expect.stringContaining('Ana Souza')]);
    await joao.getByText('Precisa de você').waitFor();
    await expect.poll(() => page.getByTestId('conversations-unread').textContent()).toContain('2');

    await page.getByRole('button', { name: 'Precisa de você' }).click();
    await expect.poll(() => page.getByTestId('chat-row').count()).toBe(1);
    await page.getByRole('button', { name: 'Todas' }).click();
    await page.getByLabel('Buscar conversas').fill('(11) 98765');
    await expect
      .poll(() => page.getByTestId('chat-row').allInnerTexts())
      .toEqual([expect.stringContaining('Ana Souza')]);
    await page.getByLabel('Buscar conversas').fill('');
    await page.getByTestId('chat-row').nth(1).waitFor();
    await page.screenshot({ path: `${SHOTS}/inbox.png` });
    expect(await axeFindings(page)).toEqual([]);
  });

  it('opens a thread (read on the server), answers with a quick reply once, and pauses the assistant', async () => {
    await page.getByTestId('chat-row').filter({ hasText: 'Ana Souza' }).click();
    await page.waitForURL(`**/conversas/${ANA}`);
    const first = page.getByTestId('chat-turn').filter({ hasText: 'Oi, vocês têm pão de queijo?' });
    await first.getByText('Cliente').waitFor();
    await expect.poll(async () => (await chatOnServer(ANA))?.unread, { timeout: 10_000 }).toBe(0);

    const box = page.getByLabel('Responder');
    await box.fill('/hor');
    await page.getByRole('button', { name: /\/horario/ }).click();
    await expect.poll(() => box.inputValue()).toContain('Olá, Ana! Nosso horário de atendimento');
    await page.getByRole('button', { name: 'Enviar' }).click();
    const mine = page.getByTestId('chat-turn').filter({ hasText: 'Nosso horário de atendimento' });
    await mine.getByText('Você').waitFor({ timeout: 15_000 });
    await mine.getByText('enviada').waitFor();
    expect(deliveredTo(ANA).filter((t) => t.includes('Nosso horário'))).toHaveLength(1);

    // 'Pausar assistente' for a time, by keyboard: the choices open on the first one.
    await page.getByRole('button', { name: 'Devolver ao assistente' }).click();
    const pauseButton = page.getByRole('button', { name: 'Pausar assistente' });
    await pauseButton.waitFor({ timeout: 10_000 });
    await pauseButton.focus();
    await page.keyboard.press('Enter');
    const choices = page.getByRole('group', { name: 'Pausar por quanto tempo?' });
    await expect.poll(() => pauseButton.getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('30 minutos');
    await page.screenshot({ path: `${SHOTS}/thread-pause-choices.png` });
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => choices.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Pausar assistente');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const asked = Date.now();
    await page.keyboard.press('Enter'); // '1 hora'
    await page.getByText(/^Assistente pausado até \d\d:\d\d$/).waitFor({ timeout: 10_000 });
    const paused = await chatOnServer(ANA);
    expect(paused?.assistant.active).toBe(false);
    const pausedUntil = Date.parse(paused?.assistant.until ?? '');
    expect(Math.abs(pausedUntil - asked - 3_600_000)).toBeLessThan(60_000);
    // The phone's own clock and zone write the hour.
    const shown = await page.evaluate(
      (t) => new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(t),
      pausedUntil,
    );
    expect(await page.getByText(`Assistente pausado até ${shown}`, { exact: true }).count()).toBe(
      1,
    );

    // 'Até eu devolver': paused with no end.
    await page.getByRole('button', { name: 'Devolver ao assistente' }).click();
    await pauseButton.click({ timeout: 10_000 });
    await choices.getByRole('button', { name: 'Até eu devolver' }).click();
    await page.getByText('Assistente pausado', { exact: true }).waitFor({ timeout: 10_000 });
    expect((await chatOnServer(ANA))?.assistant).toEqual({ active: false, until: null });
    await page.screenshot({ path: `${SHOTS}/thread.png` });
    expect(await axeFindings(page)).toEqual([]);
  });

  it("keeps a reply typed offline as 'aguardando conexão' and sends it once on reconnect", async () => {
    await phone.context.setOffline(true);
    await page.getByLabel('Responder').fill('Chego em 10 minutos');
    await page.getByRole('button', { name: 'Enviar' }).click();
    const held = page.getByTestId('held-reply').filter({ hasText: 'Chego em 10 minutos' });
    await held.getByText('aguardando conexão').waitFor();
    await page.screenshot({ path: `${SHOTS}/thread-offline.png` });
    expect(deliveredTo(ANA)).not.toContain('Chego em 10 minutos');

    await phone.context.setOffline(false);
    await held.waitFor({ state: 'detached', timeout: 30_000 });
    await page
      .getByTestId('chat-turn')
      .filter({ hasText: 'Chego em 10 minutos' })
      .waitFor({ timeout: 15_000 });
    // A few passes of the outbox later, still once.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(deliveredTo(ANA).filter((t) => t === 'Chego em 10 minutos')).toHaveLength(1);
  });

  it('says WhatsApp is disconnected (409) and keeps the reply; it goes once when tried again', async () => {
    fake.instances.set(instance, 'close');
    fake.options.failSendsWhenClosed = true;
    try {
      await page.getByLabel('Responder').fill('Já separo seu pedido');
      await page.getByRole('button', { name: 'Enviar' }).click();
      const kept = page.getByTestId('held-reply').filter({ hasText: 'Já separo seu pedido' });
      await kept.getByText(/WhatsApp da loja está desconectado/).waitFor({ timeout: 15_000 });
      await page.screenshot({ path: `${SHOTS}/thread-disconnected.png` });
      expect(deliveredTo(ANA)).not.toContain('Já separo seu pedido');
    } finally {
      fake.options.failSendsWhenClosed = false;
      fake.instances.set(instance, 'open');
    }
    const kept = page.getByTestId('held-reply').filter({ hasText: 'Já separo seu pedido' });
    await kept.getByRole('button', { name: 'Tentar de novo' }).click();
    await kept.waitFor({ state: 'detached', timeout: 15_000 });
    expect(deliveredTo(ANA).filter((t) => t === 'Já separo seu pedido')).toHaveLength(1);
  });

  it("holds a reply that waited more than an hour: 'Enviar mesmo assim' sends it", async () => {
    // A reply kept two hours ago on this phone (the owner typed it and the phone lost signal).
    await page.evaluate(
      (national) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('tali');
          open.onsuccess = () => {
            const tx = open.result.transaction('chatReplies', 'readwrite');
            tx.objectStore('chatReplies').put({
              id: crypto.randomUUID(),
              phone: national,
              text: 'Pode passar amanhã',
              createdAt: Date.now() - 2 * 3_600_000,
              state: 'waiting',
            });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      ANA,
    );
    await page.reload();
    const held = page.getByTestId('held-reply').filter({ hasText: 'Pode passar amanhã' });
    await held.getByText(/mais de uma hora/).waitFor({ timeout: 20_000 });
    expect(deliveredTo(ANA)).not.toContain('Pode passar amanhã');
    expect(await axeFindings(page)).toEqual([]);
    await held.getByRole('button', { name: 'Enviar mesmo assim' }).click();
    await held.waitFor({ state: 'detached', timeout: 15_000 });
    await until(
      async () => deliveredTo(ANA).filter((t) => t === 'Pode passar amanhã').length,
      (n) => n > 0,
    );
    expect(deliveredTo(ANA).filter((t) => t === 'Pode passar amanhã')).toHaveLength(1);
  });

  it('reads offline a chat never opened on this phone (the turns feed after the pull)', async () => {
    await customerWrites(MARIA, 'Vocês entregam no centro?', 'Maria');
    await page.getByRole('link', { name: /Conversas/ }).click();
    await page.waitForURL('**/conversas');
    const maria = page.getByTestId('chat-row').filter({ hasText: 'Maria' });
    await maria.waitFor({ timeout: 15_000 });
    // The feed writes the chat's page beside the pull, no thread opened.
    await until(
      () => page.evaluate(keptTurns, MARIA),
      (texts) => texts.includes('Vocês entregam no centro?'),
    );
    await phone.context.setOffline(true);
    try {
      await maria.click();
      await page.waitForURL(`**/conversas/${MARIA}`);
      await page
        .getByTestId('chat-turn')
        .filter({ hasText: 'Vocês entregam no centro?' })
        .waitFor({ timeout: 10_000 });
      expect(await page.getByText(/ainda não foi aberta neste aparelho/).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/thread-never-opened-offline.png` });
    } finally {
      await phone.context.setOffline(false);
    }
  });

  it("shows 'Pedido em montagem' when the assistant's cart has items, and nothing on the server's 404", async () => {
    // This server has no cart route yet (another issue builds it): its 404 shows nothing.
    await page.goto(`/conversas/${JOAO}`);
    await page.getByTestId('chat-turn').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('chat-cart').count()).toBe(0);
    // The answer the cart route will give (GET /api/conversas/:phone/carrinho).
    await page.route('**/api/conversas/*/carrinho', (route) =>
      route.fulfill({
        json: {
          cart: {
            state: 'montando',
            items: [
              { productId: 'p1', name: 'Pão de queijo', quantity: 10, unitPriceCents: 150 },
              { productId: 'p2', name: 'Café', quantity: 1, unitPriceCents: 500 },
            ],
            delivery: null,
            paymentMethod: null,
            totalCents: 2000,
            updatedAt: new Date().toISOString(),
          },
        },
      }),
    );
    await page.reload();
    const cart = page.getByTestId('chat-cart');
    await cart.getByText('Pedido em montagem').waitFor({ timeout: 15_000 });
    expect(await cart.textContent()).toMatch(/10 × Pão de queijo.*R\$\s*15,00.*Total.*R\$\s*20,00/);
    await page.unroute('**/api/conversas/*/carrinho');
  });
});
