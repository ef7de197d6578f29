/**
 * The /campanhas screen at 390×844: compose with an image, review, send, history, report, schedule
 * and cancel, daily limit, offline. /api/campanhas* is answered by an in-test fake that follows
 * spec §7 and src/domain/campaigns.ts `CampaignJson` (./campaign-fake.ts); sign-in
 * and the rest of the app use the real server. Screenshots go to /tmp/campaigns-shots.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DPR, launchBrowser, PHONE, sees } from './browser';
import { FakeCampaignServer } from './campaign-fake';
import { type ApiOwner, createOwnerWithStore, signIn } from './offline-helpers';

const SHOTS = '/tmp/campaigns-shots';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let fake: FakeCampaignServer;
let owner: ApiOwner;

const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
const dialog = () => page.getByRole('dialog');
const reviewButton = () =>
  page.getByRole('button', { name: /^(Revisar|Processando...|Limite diário atingido)$/ });

/** axe-core on the page as it is: serious and critical findings fail the test. */
async function expectAccessible(label: string) {
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  await page.evaluate(fs.readFileSync(axePath, 'utf8')); // not an inline <script>: the app's CSP forbids it
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document) => Promise<{
            violations: {
              id: string;
              impact: string;
              nodes: { target: string[]; html: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(' | ')}`,
      );
  });
  expect(violations, label).toEqual([]);
}

/** 'YYYY-MM-DD' of São Paulo, `days` from today. */
function storeDay(days: number): string {
  return new Date(Date.now() - 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
const br = (day: string) => day.split('-').reverse().join('/');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const baseUrl = inject('baseUrl');
  owner = await createOwnerWithStore(baseUrl, 'Padaria Pão Quente');
  fake = new FakeCampaignServer(baseUrl);
  browser = await launchBrowser();
  // Service workers bypass playwright's routing: blocked while the fake answers /api/campanhas.
  context = await browser.newContext({
    baseURL: baseUrl,
    viewport: PHONE,
    deviceScaleFactor: DPR,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  });
  await fake.install(context);
  page = await context.newPage();
  await signIn(page, owner);
});

afterAll(async () => {
  await browser?.close();
});

describe('Campanhas (/campanhas) at 390×844', () => {
  it('shows the empty form, the daily badge and an empty history', async () => {
    await page.goto('/campanhas');
    await page.getByLabel('Título da Campanha').waitFor();
    await sees(page, 'Nenhuma campanha enviada ainda');
    await expect.poll(() => page.getByTestId('limit-badge').textContent()).toBe('0/2 hoje');
    expect(await page.getByLabel('Enviar Agora').isChecked()).toBe(true);
    expect(await page.getByLabel('Data e Hora Programada').count()).toBe(0);
    expect(await page.getByTestId('message-counter').textContent()).toBe('0/200');
    await shot('01-empty');
    await expectAccessible('empty form');
  });

  it('shows the spec messages and refuses an image over 5 MB before any upload', async () => {
    await reviewButton().click();
    await sees(page, 'Título é obrigatório');
    await sees(page, 'Mensagem é obrigatória');
    await page.getByLabel('Mensagem').fill('a'.repeat(201));
    await sees(page, 'Mensagem deve ter no máximo 200 caracteres');
    expect(await page.getByTestId('message-counter').textContent()).toBe('201/200');
    await page.getByLabel('Enviar Agora').uncheck();
    await reviewButton().click();
    await sees(page, "Informe a data e hora programada ou marque 'Enviar Agora'");
    await shot('02-validation');
    await page.getByLabel('Enviar Agora').check();
    await expectAccessible('form with errors');

    await page.locator('input[type=file]').setInputFiles({
      name: 'enorme.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
    });
    await sees(page, 'Arquivo muito grande');
    await sees(page, 'A imagem deve ter no máximo 5MB');
    expect(fake.uploads).toEqual([]);
    expect(await page.getByRole('img', { name: 'Imagem escolhida para a campanha' }).count()).toBe(
      0,
    );
    await shot('03-image-too-big');
  });

  it('keeps the draft, image included, through a reload', async () => {
    const png = await sharp({
      create: { width: 800, height: 500, channels: 3, background: '#f59e0b' },
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
    expect(await page.getByTestId('message-counter').textContent()).toBe('38/200');
    await page.waitForTimeout(600);
    await page.reload();
    await page.getByRole('img', { name: 'Imagem escolhida para a campanha' }).waitFor();
    expect(await page.getByLabel('Título da Campanha').inputValue()).toBe('Promoção de pão');
    expect(await page.getByLabel('Mensagem').inputValue()).toBe(
      'Olá {nome}, pão francês em dobro hoje!',
    );
    await shot('04-draft-after-reload');
  });

  it('says why creation failed when the store has no customer', async () => {
    const customers = fake.customers;
    fake.customers = [];
    await reviewButton().click();
    await sees(page, 'Não foi possível criar a campanha');
    await sees(page, 'Você precisa ter pelo menos um cliente cadastrado para criar uma campanha');
    fake.customers = customers;
    expect(await dialog().count()).toBe(0);
  });

  it('reviews with the image, the number of clients and Imediato; editing does not make a second campaign', async () => {
    const creates = fake.createBodies.length;
    await reviewButton().click();
    await dialog().getByText('Revisar Campanha').waitFor();
    expect(await page.getByTestId('review-recipients').textContent()).toBe('3 clientes');
    expect(await page.getByTestId('review-date').textContent()).toBe('Imediato');
    await dialog().getByRole('img', { name: 'Imagem da campanha' }).waitFor();
    expect(fake.uploads).toHaveLength(1);
    expect(fake.uploads[0]).toMatch(/^data:image\/png;base64,/);
    await shot('05-review');
    await expectAccessible('review modal');

    await dialog().getByRole('button', { name: 'Editar Campanha' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByLabel('Título da Campanha').fill('Promoção de pão quentinho');
    await reviewButton().click();
    await dialog().getByText('Promoção de pão quentinho').waitFor();

    const bodies = fake.createBodies.slice(creates);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.id).toBeTruthy();
    expect(bodies[1]?.id).toBe(bodies[0]?.id);
    expect(fake.campaigns.size).toBe(1);
    // The same image is not uploaded twice.
    expect(fake.uploads).toHaveLength(1);
  });

  it("sends: 'Campanha Enviada!', then a blank form and the campaign in the history", async () => {
    await dialog().getByRole('button', { name: 'Enviar' }).click();
    await sees(page, 'Campanha Enviada!');
    expect(await page.getByTestId('success-text').textContent()).toBe(
      'Sua campanha está sendo enviada para 3 clientes.',
    );
    await sees(page, /Histórico de Envios/);
    await shot('06-success');
    await dialog().getByRole('button', { name: 'Entendido' }).click();
    await dialog().waitFor({ state: 'detached' });

    expect(await page.getByLabel('Título da Campanha').inputValue()).toBe('');
    expect(await page.getByLabel('Mensagem').inputValue()).toBe('');
    expect(await page.getByRole('img', { name: 'Imagem escolhida para a campanha' }).count()).toBe(
      0,
    );
    await expect.poll(() => page.getByTestId('limit-badge').textContent()).toBe('1/2 hoje');
    const item = page.getByTestId('campaign-item').first();
    await item.getByText('Promoção de pão quentinho').waitFor();
    // The fake settles the send after 3 s; the screen re-reads every 5 s while it runs.
    await item.getByText('Enviado', { exact: true }).waitFor({ timeout: 15_000 });
    await item.getByText('Envios realizados: 3').waitFor();
    await item.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot('07-history-sent');

    await page.reload();
    expect(await page.getByLabel('Título da Campanha').inputValue()).toBe('');
  });

  it("opens the delivery report: sent, failed, skipped and each customer's status", async () => {
    await page.getByTestId('campaign-item').first().getByRole('button').first().click();
    await dialog().getByText('Relatório de envio').waitFor();
    await page.getByTestId('report-recipients').waitFor();
    expect(await page.getByTestId('report-Enviadas').textContent()).toBe('3');
    expect(await page.getByTestId('report-Falharam').textContent()).toBe('0');
    expect(await page.getByTestId('report-Saíram da lista').textContent()).toBe('1');
    await dialog().getByText('Ana Souza').waitFor();
    await dialog().getByText('(11) 98765-4321').waitFor();
    await dialog().getByText('Saiu da lista', { exact: true }).waitFor();
    await shot('08-report');
    await expectAccessible('report modal');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });

  it('schedules outside the send window, says when it really starts, then cancels it', async () => {
    fake.window = [8, 20];
    const day = storeDay(1);
    await page.getByLabel('Título da Campanha').fill('Sábado de ofertas');
    await page.getByLabel('Mensagem').fill('Amanhã tem bolo pela metade do preço!');
    await page.getByLabel('Enviar Agora').uncheck();
    await page.getByLabel('Data e Hora Programada').fill(`${day}T22:00`);
    await shot('09-schedule-form');
    await reviewButton().click();
    await dialog().getByText('Revisar Campanha').waitFor();
    expect(await page.getByTestId('review-date').textContent()).toBe(`${br(day)}, 22:00`);
    await dialog().getByRole('button', { name: 'Enviar' }).click();
    await sees(page, 'Campanha Enviada!');
    const next = br(storeDay(2));
    expect(await page.getByTestId('success-text').textContent()).toBe(
      `Sua campanha foi agendada e será enviada para 3 clientes em ${br(day)}, 22:00.`,
    );
    await sees(page, `O envio começa às 08:00 de ${next}, no horário permitido para mensagens.`);
    await shot('10-scheduled-success');
    await dialog().getByRole('button', { name: 'Entendido' }).click();

    const item = page.getByTestId('campaign-item').first();
    await item.getByText('Sábado de ofertas').waitFor();
    await item.getByText('Agendado', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('limit-badge').textContent()).toBe('2/2 hoje');
    await item.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot('11-history-scheduled');
    await item.getByRole('button', { name: 'Cancelar' }).click();
    await dialog().getByText('Cancelar campanha?').waitFor();
    await dialog().getByRole('button', { name: 'Cancelar campanha' }).click();
    await sees(page, 'Campanha cancelada');
    await item.getByText('Cancelado', { exact: true }).waitFor();
    expect(await item.getByRole('button', { name: 'Cancelar' }).count()).toBe(0);
    // The cancelled campaign gives its slot of the day back.
    await expect.poll(() => page.getByTestId('limit-badge').textContent()).toBe('1/2 hoje');
    await shot('12-cancelled');
  });

  it('blocks the button when the daily limit is reached, and shows the 429 message', async () => {
    // The server lowered the limit after the screen read it: creation answers 429.
    fake.dailyLimit = 1;
    await page.getByLabel('Título da Campanha').fill('Mais uma');
    await page.getByLabel('Mensagem').fill('Tentando passar do limite');
    await reviewButton().click();
    await sees(page, 'Limite diário atingido');
    await sees(page, 'Você já atingiu o limite de 1 campanha(s) por dia');
    const button = page.getByRole('button', { name: 'Limite diário atingido' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('limit-badge').textContent()).toBe('1/1 hoje');
    expect(await page.getByTestId('limit-badge').getAttribute('data-exhausted')).toBe('true');
    await page.reload();
    await page.getByRole('button', { name: 'Limite diário atingido' }).waitFor();
    expect(await page.getByRole('button', { name: 'Limite diário atingido' }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByLabel('Título da Campanha').inputValue()).toBe('Mais uma');
    await shot('13-limit-reached');
    await expectAccessible('limit reached');
    fake.dailyLimit = 5;
  });

  it('offline: keeps the form, the draft and the last history, and says sending needs a connection', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Revisar' }).waitFor();
    await expect.poll(() => page.getByTestId('limit-badge').textContent()).toBe('1/5 hoje');
    // The server cannot be reached: the screen is read again from the device alone. (The PWA's
    // service worker is blocked in this test, so the page itself still loads from the server.)
    fake.offline = true;
    await page.reload();
    await page.getByLabel('Título da Campanha').waitFor();
    expect(await page.getByLabel('Título da Campanha').inputValue()).toBe('Mais uma');
    await sees(page, 'Sem conexão: mostrando o último histórico salvo no aparelho.');
    await page.getByTestId('campaign-item').getByText('Promoção de pão quentinho').waitFor();
    await page.getByTestId('campaign-item').getByText('Sábado de ofertas').waitFor();
    expect(await page.getByTestId('limit-badge').textContent()).toBe('1/5 hoje');
    // And the phone itself goes offline.
    await context.setOffline(true);
    await sees(page, 'Sem conexão: para enviar campanhas é preciso estar conectado.');
    expect(await page.getByRole('button', { name: 'Revisar' }).isDisabled()).toBe(true);
    await page.getByLabel('Mensagem').fill('Escrito sem internet');
    await shot('14-offline');
    await expectAccessible('offline');

    fake.offline = false;
    await context.setOffline(false);
    await expect
      .poll(() => page.getByRole('button', { name: 'Revisar' }).isDisabled(), { timeout: 10_000 })
      .toBe(false);
    expect(await page.getByLabel('Mensagem').inputValue()).toBe('Escrito sem internet');
    await page.getByText('Sem conexão: mostrando').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('loads the history 20 at a time as the owner scrolls, newest first', async () => {
    fake.offline = false;
    await context.setOffline(false);
    fake.seedHistory(45);
    const total = [...fake.campaigns.values()].filter((c) => c.confirmedAt).length;
    fake.listOffsets = [];
    await page.reload();
    const items = page.getByTestId('campaign-item');
    await items.first().waitFor();
    expect(await items.count()).toBeLessThanOrEqual(40);
    // Each time the end of the list comes into view, the next page is read.
    for (let i = 0; i < 6 && (await items.count()) < total; i++) {
      await items.last().evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.waitForTimeout(700);
    }
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(total);
    expect(fake.listOffsets.slice(0, 3)).toEqual([0, 20, 40]);
    // Newest first: the seeded ones are older than the campaigns made above.
    expect(await items.first().textContent()).toContain('Sábado de ofertas');
    expect(await items.last().textContent()).toContain('Campanha antiga 1');
    await shot('15-history-scrolled');
  });
});
