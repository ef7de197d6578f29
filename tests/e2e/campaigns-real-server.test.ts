/**
 * /campanhas against the real campaign routes and the sandbox gateway, at 390×844: compose with an
 * image, review, send, the sandbox receives the messages and the history shows 'Enviado'; schedule
 * one and cancel it; the default daily limit (1) then blocks the button. Skipped while the server
 * has no /api/campanhas (before the `campaigns-server` branch is merged); the screen's edge cases
 * run against the contract fake in campaigns-screen.test.ts. Runs its own server so sending is
 * always inside the window and fast (pacing 0-200 ms). Screenshots: /tmp/campaigns-shots/real-*.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchPhone, type Phone } from './browser';
import {
  type CampaignServer,
  historyItem,
  sentInHistory,
  startCampaignServer,
} from './campaign-server';
import { signIn } from './offline-helpers';

const SHOTS = '/tmp/campaigns-shots';
const probe = await fetch(`${inject('baseUrl')}/api/campanhas/limite-diario`).catch(() => null);
const hasCampaignRoutes = probe !== null && probe.status !== 404;

let campaign: CampaignServer;
let phone: Phone;
let page: Page;

const shot = (name: string) => page.screenshot({ path: `${SHOTS}/real-${name}.png` });
const dialog = () => page.getByRole('dialog');
const badge = () => page.getByTestId('limit-badge').textContent();

/** 'YYYY-MM-DD' of São Paulo (the store's zone), `days` from today. */
const storeDay = (days: number) =>
  new Date(Date.now() - 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe.runIf(hasCampaignRoutes)('Campanhas on the real server (sandbox gateway)', () => {
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    // The spec's free flow; the Pix payment step has its own browser test.
    campaign = await startCampaignServer({ PIX_PROVIDER: 'off' });
    const { server, owner } = campaign;
    phone = await launchPhone(server.baseUrl);
    page = phone.page;
    await signIn(page, owner);
  });

  afterAll(async () => {
    await phone?.close();
    await campaign?.server.stop();
  });

  it('schedules a campaign and cancels it: the slot of the day comes back', async () => {
    await page.goto('/campanhas');
    await page.getByLabel('Título da Campanha').waitFor();
    await expect.poll(badge).toBe('0/1 hoje');
    await page.getByLabel('Título da Campanha').fill('Sábado de ofertas');
    await page.getByLabel('Mensagem').fill('Amanhã tem bolo pela metade do preço!');
    await page.getByLabel('Enviar Agora').uncheck();
    const day = storeDay(1);
    await page.getByLabel('Data e Hora Programada').fill(`${day}T10:00`);
    await page.getByRole('button', { name: 'Revisar' }).click();
    await dialog().getByText('Revisar Campanha').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('review-recipients').textContent()).toBe('3 clientes');
    expect(await page.getByTestId('review-date').textContent()).toBe(
      `${day.split('-').reverse().join('/')}, 10:00`,
    );
    await dialog().getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Campanha Enviada!').waitFor({ timeout: 15_000 });
    await shot('01-scheduled');
    await dialog().getByRole('button', { name: 'Entendido' }).click();
    await expect.poll(badge).toBe('1/1 hoje');

    const item = historyItem(page, 'Sábado de ofertas');
    await item.getByText('Agendado', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Cancelar' }).click();
    await dialog().getByRole('button', { name: 'Cancelar campanha' }).click();
    await page.getByText('Campanha cancelada').first().waitFor();
    await item.getByText('Cancelado', { exact: true }).waitFor();
    await expect.poll(badge).toBe('0/1 hoje');
    await item.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot('02-cancelled');
  });

  it('sends a campaign with an image: the sandbox gets it and the history shows Enviado', async () => {
    await page.getByRole('link', { name: 'Campanhas' }).click();
    await page.getByLabel('Título da Campanha').waitFor();
    const png = await sharp({
      create: { width: 640, height: 400, channels: 3, background: '#f59e0b' },
    })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({
      name: 'promo.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.getByRole('img', { name: 'Imagem escolhida para a campanha' }).waitFor();
    await page.getByLabel('Título da Campanha').fill('Promoção de pão');
    await page.getByLabel('Mensagem').fill('Olá {nome}, pão francês em dobro hoje!');
    await page.getByRole('button', { name: 'Revisar' }).click();
    await dialog().getByText('Revisar Campanha').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('review-date').textContent()).toBe('Imediato');
    const preview = dialog().getByRole('img', { name: 'Imagem da campanha' });
    await preview.waitFor();
    await shot('03-review');
    await dialog().getByRole('button', { name: 'Editar Campanha' }).click();
    await page.getByLabel('Título da Campanha').fill('Promoção de pão quentinho');
    await page.getByRole('button', { name: 'Revisar' }).click();
    await dialog().getByText('Promoção de pão quentinho').waitFor({ timeout: 15_000 });
    await dialog().getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Campanha Enviada!').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('success-text').textContent()).toBe(
      'Sua campanha está sendo enviada para 3 clientes.',
    );
    await dialog().getByRole('button', { name: 'Entendido' }).click();

    const item = await sentInHistory(page, 'Promoção de pão quentinho');
    await item.getByText('Envios realizados: 3').waitFor();
    // Editing and reviewing again left one campaign, not two.
    expect(await historyItem(page, 'Promoção de pão').count()).toBe(1);
    await item.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot('04-history-sent');

    const texts = await campaign.whatsappTexts();
    for (const first of ['Ana', 'Bruno', 'Carla']) {
      expect(texts).toContain(`Olá ${first}, pão francês em dobro hoje!`);
    }

    await item.getByRole('button').first().click();
    await dialog().getByText('Relatório de envio').waitFor();
    await page.getByTestId('report-recipients').waitFor();
    expect(await page.getByTestId('report-Enviadas').textContent()).toBe('3');
    await shot('05-report');
    await page.keyboard.press('Escape');
  });

  it('blocks the button once the day’s campaign is used', async () => {
    await expect.poll(badge).toBe('1/1 hoje');
    const button = page.getByRole('button', { name: 'Limite diário atingido' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByTestId('limit-badge').getAttribute('data-exhausted')).toBe('true');
    await page.reload();
    await page.getByRole('button', { name: 'Limite diário atingido' }).waitFor();
    await shot('06-limit');
  });
});
