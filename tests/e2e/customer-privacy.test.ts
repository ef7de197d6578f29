/**
 * A customer's data at 390×844 on the real server (issue 40): the customer screen shows what
 * the store holds, 'Exportar dados' saves the spreadsheet, 'Eliminar dados' asks, erases and
 * says what was removed and kept; the customer leaves the list and the export is gone. axe on
 * each step; screenshots in /tmp/customer-privacy.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { launchPhone, type Phone, waitForServiceWorker } from './browser';
import { type ApiOwner, api, createOwnerWithStore, signIn } from './offline-helpers';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/customer-privacy';
let phone: Phone;
let owner: ApiOwner;
const id = randomUUID();

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
  phone = await launchPhone(baseUrl);
});
afterAll(() => phone?.close());

describe("a customer's data", () => {
  it('is shown, exported and erased in one action', async () => {
    const { page } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto('/clientes');
    await page.getByRole('link', { name: 'Ana Souza' }).click();
    await page.getByRole('heading', { name: 'Cadastro' }).waitFor();
    await page.getByText('(11) 98765-0001').waitFor();
    await page.getByRole('heading', { name: 'Histórico de consentimento' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/customer-data.png`, fullPage: true });

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
