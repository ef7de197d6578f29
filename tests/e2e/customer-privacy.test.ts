/**
 * A customer's data at 390×844 on the real server (issue 40): a customer added with the basis
 * the owner declares shows it in the consent history; the customer screen shows what the store
 * holds, 'Enviar pelo WhatsApp' sends the spreadsheet to the customer's chat (the sandbox gets
 * the document), 'Exportar dados' saves it, 'Eliminar dados' asks, erases and says what was
 * removed and kept; the customer leaves the list and the export is gone. axe on each step;
 * screenshots in /tmp/customer-privacy.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { launchPhone, type Phone, waitForServiceWorker } from './browser';
import { type ApiOwner, api, createOwnerWithStore, signIn, until } from './offline-helpers';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/customer-privacy';
let phone: Phone;
let owner: ApiOwner;
const id = randomUUID();
/** What the store's WhatsApp (the sandbox gateway) sent, as JSON text. */
let whatsappTexts: () => Promise<string>;

beforeAll(async () => {
  owner = await createOwnerWithStore(baseUrl, 'Mercearia Privada');
  const created = await api(baseUrl, 'POST', '/api/customers', owner.token, {
    id,
    name: 'Ana Souza',
    phone: '11987650001',
  });
  expect(created.status).toBe(201);
  await api(baseUrl, 'POST', '/api/customers', owner.token, {
    id: randomUUID(),
    name: 'Bruno Lima',
    phone: '11987650002',
  });
  // Opening the sandbox page is the "scan" of the QR code: the store's WhatsApp is connected.
  const qr = await api<{ sandboxUrl?: string }>(
    baseUrl,
    'GET',
    '/api/whatsapp/generate-qr',
    owner.token,
  );
  const sandbox = new URL(qr.body.sandboxUrl ?? '', baseUrl);
  expect((await fetch(sandbox)).status).toBe(200);
  sandbox.pathname = `${sandbox.pathname}/messages`;
  whatsappTexts = async () => JSON.stringify(await fetch(sandbox).then((r) => r.json()));
  phone = await launchPhone(baseUrl);
});
afterAll(() => phone?.close());

describe("a customer's data", () => {
  it('keeps the basis the owner declares when adding a customer in its consent history', async () => {
    const { page } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto('/clientes');
    await page.getByRole('button', { name: 'Cadastrar' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Nome').fill('Carla Nunes');
    await form.getByLabel('Número do Celular (com DDD)').pressSequentially('11987650003');
    const choice = form.getByRole('group', { name: 'Recebe promoções pelo WhatsApp?' });
    // The form offers the store's own customers first; the owner says this one asked.
    expect(
      await choice.getByLabel('Sim, já é cliente da loja (interesse legítimo)').isChecked(),
    ).toBe(true);
    await choice.getByLabel('Sim, o cliente pediu para receber (consentimento)').check();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/add-with-basis.png` });
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByRole('link', { name: 'Carla Nunes' }).waitFor();
    // The screen reads the server's copy: wait for the save to get there.
    const saved = await until(
      () => api<{ name: string }[]>(baseUrl, 'GET', '/api/customers', owner.token),
      (r) => r.body.some((c) => c.name === 'Carla Nunes'),
    );
    expect(saved.body.some((c) => c.name === 'Carla Nunes')).toBe(true);
    await page.getByRole('link', { name: 'Carla Nunes' }).click();
    const history = page.getByRole('heading', { name: 'Histórico de consentimento' }).locator('..');
    await history.getByText('registrado pela loja · base: consentimento (LGPD art. 7 I)').waitFor();
    await history
      .getByText('Sim, o cliente pediu para receber (consentimento)', { exact: false })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/consent-history.png`, fullPage: true });
  });

  it('is shown, sent, exported and erased in one action', async () => {
    const { page } = phone;
    await page.goto('/clientes');
    await page.getByRole('link', { name: 'Ana Souza' }).click();
    await page.getByRole('heading', { name: 'Cadastro' }).waitFor();
    await page.getByText('(11) 98765-0001').waitFor();
    await page.getByRole('heading', { name: 'Histórico de consentimento' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/customer-data.png`, fullPage: true });

    await page.getByRole('button', { name: 'Enviar pelo WhatsApp' }).click();
    const sendAsk = page.getByRole('dialog', { name: 'Enviar os dados ao cliente?' });
    await sendAsk.getByText('(11) 98765-0001', { exact: false }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await sendAsk.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Dados enviados pelo WhatsApp para (11) 98765-0001.').waitFor();
    expect(await whatsappTexts()).toContain('dados-do-cliente.csv');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar dados' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('dados-do-cliente.csv');
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('Cadastro;');
    expect(csv).toContain('Ana Souza');

    await page.getByRole('button', { name: 'Eliminar dados' }).click();
    const ask = page.getByRole('dialog');
    await ask.getByText('Esta ação não pode ser desfeita.', { exact: false }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/erase-confirm.png` });
    await ask.getByRole('button', { name: 'Eliminar dados' }).click();

    const answer = page.getByRole('dialog', { name: 'Dados eliminados' });
    await answer.getByText('Mantido, e por quê').waitFor();
    await answer.getByText('Cadastro (nome, telefone e etiquetas): 1').waitFor();
    await answer.getByText(/itens, valores e datas ficam/).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/erase-answer.png` });
    await answer.getByRole('button', { name: 'Entendi' }).click();

    await page.waitForURL('**/clientes');
    await page.getByRole('link', { name: 'Bruno Lima' }).waitFor();
    await page.getByRole('link', { name: 'Ana Souza' }).waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SHOTS}/list-after.png` });
    const gone = await api(baseUrl, 'GET', `/api/customers/${id}/dados`, owner.token);
    expect(gone.status).toBe(404);
  });
});
