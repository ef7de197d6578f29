/**
 * At 390×844 on the real server with the sandbox gateway: a campaign's report with delivery and
 * read receipts (and its CSV), 'Conectar com código', and the QR refreshed while it is on screen.
 * axe on each new screen. Screenshots: /tmp/receipts-shots/*.png.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { launchPhone, type Phone } from './browser';
import { type CampaignServer, sentInHistory, startCampaignServer } from './campaign-server';
import { api, signIn } from './offline-helpers';

const SHOTS = '/tmp/receipts-shots';
let campaign: CampaignServer;
let phone: Phone;
let page: Page;

const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const call = <T>(method: string, path: string, body?: unknown) =>
  api<T>(campaign.server.baseUrl, method, path, campaign.owner.token, body);

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  campaign = await startCampaignServer({ PIX_PROVIDER: 'off' });
  phone = await launchPhone(campaign.server.baseUrl);
  page = phone.page;
  await signIn(page, campaign.owner);
});

afterAll(async () => {
  await phone?.close();
  await campaign?.server.stop();
});

describe('receipts and a connection that recovers', () => {
  it('the report shows who got and who read the campaign, and exports it', async () => {
    const draft = await call<{ id: string }>('POST', '/api/campanhas', {
      titulo: 'Pão de queijo',
      mensagem: 'Olá {nome}, fornada nova às 16h!',
      sendNow: true,
    });
    expect(draft.status).toBe(201);
    expect(
      (await call('POST', '/api/campanhas/enviar', { campaignId: draft.body.id })).status,
    ).toBe(200);
    // The sandbox's phones acknowledge delivery and then reading a few seconds after each send.
    await expect
      .poll(
        async () =>
          (
            await call<{ counts: { read: number } }>(
              'GET',
              `/api/campanhas/${draft.body.id}/relatorio`,
            )
          ).body.counts.read,
        { timeout: 40_000, interval: 1_000 },
      )
      .toBe(3);

    await page.goto('/campanhas');
    const item = await sentInHistory(page, 'Pão de queijo');
    await item.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Relatório de envio').waitFor();
    await page.getByTestId('report-recipients').waitFor();
    expect(await page.getByTestId('report-Enviadas').textContent()).toBe('3');
    expect(await page.getByTestId('report-Entregues').textContent()).toBe('3');
    expect(await page.getByTestId('report-Lidas').textContent()).toBe('3');
    expect(await page.getByTestId('rate-Lidas').textContent()).toBe('100%');
    expect(await dialog.getByText('Lida', { exact: true }).count()).toBe(3);
    await shot('01-report-receipts');
    expect(await axeFindings(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('relatorio-pao-de-queijo.csv');
    const file = fs.readFileSync((await download.path()) ?? '');
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.toString('utf8')).toContain('Nome;Telefone;Situação;Data;Motivo');
    expect(file.toString('utf8')).toContain('Ana Souza;(11) 98765-4321;Lida;');
    await page.keyboard.press('Escape');
  });

  it("'Conectar com código': a wrong number is said under the field, a right one gets XXXX-XXXX", async () => {
    expect((await call('DELETE', '/api/whatsapp/disconnect')).status).toBe(200);
    await page.goto('/configuracoes/whatsapp-agente');
    await page.getByRole('button', { name: 'Conectar com código' }).click();
    const field = page.getByLabel('Número do WhatsApp da loja');
    await field.fill('1234');
    await page.getByRole('button', { name: 'Gerar código' }).click();
    await page.getByText('Telefone inválido').waitFor();
    await field.fill('11987654321');
    expect(await field.inputValue()).toBe('(11) 9 8765-4321');
    await page.getByRole('button', { name: 'Gerar código' }).click();
    const code = page.getByTestId('pairing-code');
    await code.waitFor({ timeout: 15_000 });
    expect(await code.textContent()).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await page.getByText('Toque em Conectar com número de telefone e digite o código').waitFor();
    await shot('02-pairing-code');
    expect(await axeFindings(page)).toEqual([]);
  });

  it('the QR on screen is replaced before it expires, without a tap', async () => {
    await page.clock.install();
    await page.goto('/configuracoes/whatsapp-agente');
    await page.getByRole('button', { name: 'Gerar QR Code de Conexão' }).click();
    const qr = page.getByRole('img', { name: 'QR Code de conexão do WhatsApp' });
    await qr.waitFor({ timeout: 15_000 });
    const first = await qr.getAttribute('src');
    await shot('03-qr');
    expect(await axeFindings(page)).toEqual([]);
    // 41 s later on the page's clock: the 40 s refresh has fetched a new QR by itself.
    await page.clock.fastForward('00:41');
    await expect.poll(() => qr.getAttribute('src'), { timeout: 15_000 }).not.toBe(first);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // Still the spec's button for a new one by hand.
    await page.getByRole('button', { name: 'Gerar Novo QR Code' }).waitFor();
  });
});
