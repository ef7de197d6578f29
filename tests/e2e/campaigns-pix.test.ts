/**
 * The Pix step of /campanhas against the real server with the sandbox PSP and the sandbox
 * WhatsApp, at 390×844: the review stays as the spec draws it (no price); 'Enviar' shows the QR,
 * the copy-and-paste code, 'R$ 25,00' and a countdown; an expired code offers a new one; closing
 * keeps the composed campaign and the same live charge; paying on the sandbox bank page while the
 * phone is offline is confirmed when it comes back, and 'Campanha Enviada!' appears by itself;
 * the messages reach the WhatsApp sandbox. Screenshots: /tmp/campaigns-shots/pix-*.
 */
import fs from 'node:fs';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode } from '../../src/domain/pix/br-code';
import { axeFindings, smallTargets } from './a11y-helpers';
import { launchPhone, type Phone } from './browser';
import { type CampaignServer, sentInHistory, startCampaignServer } from './campaign-server';
import { signIn } from './offline-helpers';

const SHOTS = '/tmp/campaigns-shots';

let campaign: CampaignServer;
let phone: Phone;
let context: BrowserContext;
let page: Page;

const shot = (name: string) => page.screenshot({ path: `${SHOTS}/pix-${name}.png` });
const dialog = () => page.getByRole('dialog');
const modal = () => page.getByTestId('pix-payment');
/** Text as a person reads it: Intl puts a no-break space in 'R$ 25,00'. */
const text = async (testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').replace(/\u00a0/g, ' ');
const code = () => page.getByLabel('Pix copia e cola').inputValue();

async function accessible(label: string) {
  await page.waitForTimeout(350);
  expect(await axeFindings(page), label).toEqual([]);
  expect(await smallTargets(page), label).toEqual([]);
}

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  // The store, its three customers and its WhatsApp on the sandbox; the Pix step on the sandbox PSP.
  campaign = await startCampaignServer({ PIX_PROVIDER: 'sandbox' });
  const { server, owner } = campaign;
  phone = await launchPhone(server.baseUrl);
  context = phone.context;
  page = phone.page;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.baseUrl,
  });
  await signIn(page, owner);
});

afterAll(async () => {
  await phone?.close();
  await campaign?.server.stop();
});

describe('Campanhas with Pix (sandbox PSP, sandbox WhatsApp)', () => {
  // First: no campaign sent yet today (the daily limit leaves 'Revisar' enabled). The status is
  // answered 'disconnected' in the browser only: the server's refusal (409, no charge) is in
  // tests/api/pix-campaigns.test.ts, and the sandbox WhatsApp stays linked for the tests below.
  it("WhatsApp disconnected: the form and the review say so, with 'Conectar WhatsApp' to the connection screen", async () => {
    const disconnected = (route: Route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'DESCONECTADO', connected: false, provider: 'sandbox' }),
      });
    await page.route('**/api/whatsapp/status', disconnected);
    try {
      await page.goto('/campanhas');
      const warning = page.getByTestId('campaign-whatsapp-warning');
      await warning.waitFor({ timeout: 15_000 });
      expect(await warning.textContent()).toContain(
        'O WhatsApp da loja está desconectado. Para enviar agora, conecte o WhatsApp primeiro: nada é cobrado antes disso.',
      );
      await page.getByLabel('Título da Campanha').fill('Bolo de fubá');
      await page.getByLabel('Mensagem').fill('Olá {nome}, bolo de fubá quentinho!');
      await shot('00-disconnected-form');
      await page.getByRole('button', { name: 'Revisar' }).click();
      await dialog().getByText('Revisar Campanha').waitFor({ timeout: 15_000 });
      await dialog().getByTestId('campaign-whatsapp-warning').waitFor();
      await accessible('pix-disconnected-review');
      await shot('00-disconnected-review');
      await dialog().getByRole('link', { name: 'Conectar WhatsApp' }).click();
      await page.waitForURL(/\/configuracoes\/whatsapp-agente$/, { timeout: 15_000 });
    } finally {
      await page.unroute('**/api/whatsapp/status', disconnected);
    }
  });

  it("'Enviar' shows the Pix charge: QR, code, amount, clients and a countdown", async () => {
    await page.goto('/campanhas');
    await page.getByLabel('Título da Campanha').fill('Pão de queijo em dobro');
    await page.getByLabel('Mensagem').fill('Olá {nome}, hoje o pão de queijo sai em dobro!');
    await page.getByRole('button', { name: 'Revisar' }).click();
    await dialog().getByText('Revisar Campanha').waitFor({ timeout: 15_000 });
    // The review stays as the spec draws it: no price there.
    expect(await dialog().textContent()).not.toContain('R$');
    expect(await page.getByTestId('review-recipients').textContent()).toBe('3 clientes');

    await dialog().getByRole('button', { name: 'Enviar' }).click();
    await dialog().getByText('Pagamento via Pix').waitFor({ timeout: 15_000 });
    const qr = modal().getByRole('img', { name: 'QR Code do Pix' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    expect(await text('pix-amount')).toBe('R$ 25,00');
    expect(await text('pix-recipients')).toBe('3 clientes');
    expect(await text('pix-countdown')).toMatch(/^1[45]:\d\d$/);
    // A valid dynamic BR Code (its CRC checked by the parser): the amount is at its location.
    const brCode = await code();
    const parsed = parseBrCode(brCode);
    expect(parsed.kind).toBe('dynamic');
    expect(parsed.location).toContain('/sandbox/pix/');
    // The countdown runs.
    const before = await text('pix-countdown');
    await expect.poll(() => text('pix-countdown'), { timeout: 5_000 }).not.toBe(before);

    await modal().getByRole('button', { name: 'Copiar código' }).click();
    await page.getByText('Código copiado!').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(brCode);
    await accessible('pix-pending');
    await shot('01-pending');
  });

  it("an expired code says so; 'Gerar novo código' asks 'Enviar' again and shows the live charge", async () => {
    // The server is asked for the payment every few seconds: its answer is turned into an expired
    // charge here (the sandbox charges live 15 minutes).
    const expire = async (route: Route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      await route.fulfill({ response: answer, json: { ...body, status: 'expirado' } });
    };
    await context.route('**/api/pagamentos/**', expire);
    await modal().getByText('Este código Pix expirou').waitFor({ timeout: 15_000 });
    expect(await modal().getByRole('img', { name: 'QR Code do Pix' }).count()).toBe(0);
    await accessible('pix-expired');
    await shot('02-expired');
    await context.unroute('**/api/pagamentos/**', expire);

    await modal().getByRole('button', { name: 'Gerar novo código' }).click();
    await modal().getByRole('img', { name: 'QR Code do Pix' }).waitFor({ timeout: 15_000 });
    expect(parseBrCode(await code()).kind).toBe('dynamic');
  });

  it('closing keeps the composed campaign, and the same live charge comes back', async () => {
    const shown = await code();
    await dialog().getByRole('button', { name: 'Fechar' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Título da Campanha').inputValue()).toBe('Pão de queijo em dobro');
    await page.getByRole('button', { name: 'Revisar' }).click();
    await dialog().getByRole('button', { name: 'Enviar' }).click();
    await dialog().getByText('Pagamento via Pix').waitFor({ timeout: 15_000 });
    expect(await code()).toBe(shown);
  });

  it('paid while the phone is offline: confirmed when it is back, the success shows by itself', async () => {
    const bankUrl = await modal()
      .getByRole('link', { name: 'Pagar na página de teste (sandbox)' })
      .getAttribute('href');
    expect(bankUrl).toBeTruthy();

    await context.setOffline(true);
    await modal().getByTestId('pix-offline').waitFor();
    expect(await text('pix-offline')).toContain('Sem conexão');
    await shot('03-offline');

    // The payer's bank (another device, where the owner is signed in to Talí: the sandbox's
    // 'Pagar' needs the store owner's session): it settles the charge and notifies Talí.
    const bankContext = await phone.browser.newContext({ viewport: { width: 390, height: 844 } });
    await bankContext.addInitScript((token) => {
      localStorage.setItem('token', token);
    }, campaign.owner.token);
    const bank = await bankContext.newPage();
    await bank.goto(bankUrl ?? '');
    expect((await bank.locator('.value').textContent())?.replace(/\u00a0/g, ' ')).toBe('R$ 25,00');
    await bank.getByRole('button', { name: 'Pagar' }).click();
    await bank.getByText('Pago. O Talí foi avisado.').waitFor({ timeout: 15_000 });
    await bankContext.close();

    // Still offline: nothing can be heard yet.
    await page.waitForTimeout(4_000);
    expect(await page.getByText('Campanha Enviada!').count()).toBe(0);

    await context.setOffline(false);
    await page.getByText('Campanha Enviada!').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('success-text').textContent()).toBe(
      'Sua campanha está sendo enviada para 3 clientes.',
    );
    await accessible('pix-success');
    await shot('04-success');
  });

  it('the messages reach the WhatsApp sandbox and the history shows the campaign', async () => {
    await expect
      .poll(campaign.whatsappTexts, { timeout: 60_000, interval: 1_000 })
      .toContain('Olá Carla, hoje o pão de queijo sai em dobro!');
    const texts = await campaign.whatsappTexts();
    for (const first of ['Ana', 'Bruno']) {
      expect(texts).toContain(`Olá ${first}, hoje o pão de queijo sai em dobro!`);
    }
    await dialog().getByRole('button', { name: 'Entendido' }).click();
    // The form starts over: the paid draft is done.
    expect(await page.getByLabel('Título da Campanha').inputValue()).toBe('');
    await sentInHistory(page, 'Pão de queijo em dobro');
  });
});
