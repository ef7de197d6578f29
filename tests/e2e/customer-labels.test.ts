/**
 * Customer labels at 390×844 on the real server (issue 22): labels created and assigned offline
 * reach the server once back online, the list filters by label, and the campaign review counts
 * only the chosen audience. axe on the new screens; screenshots in /tmp/customer-labels.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { launchPhone, type Phone, waitForServiceWorker } from './browser';
import {
  type ApiOwner,
  addCustomer,
  api,
  createOwnerWithStore,
  signIn,
  until,
} from './offline-helpers';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/customer-labels';
let phone: Phone;
let owner: ApiOwner;

type ApiCustomer = { id: string; name: string; labels: string[] };
type ApiLabel = { id: string; name: string };

beforeAll(async () => {
  owner = await createOwnerWithStore(baseUrl, 'Loja das Etiquetas');
  phone = await launchPhone(baseUrl);
});
afterAll(() => phone?.close());

describe('customer labels', () => {
  it('creates and assigns labels offline, filters by them, and the review counts the audience', async () => {
    const { page, context } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto('/clientes');
    await addCustomer(page, 'Ana Souza', '11987650001');
    await addCustomer(page, 'Bruno Lima', '11987650002');
    await addCustomer(page, 'Carla Dias', '11987650003');

    await context.setOffline(true);
    // Manage labels: create two, rename one.
    await page.getByRole('button', { name: 'Etiquetas', exact: true }).click();
    const manage = page.getByRole('dialog');
    await manage.getByLabel('Nova etiqueta').fill('VIP');
    await manage.getByRole('button', { name: 'Criar' }).click();
    await manage.getByRole('listitem').filter({ hasText: 'VIP' }).waitFor();
    await manage.getByLabel('Nova etiqueta').fill('atacadão');
    await manage.getByRole('button', { name: 'Criar' }).click();
    await manage.getByRole('button', { name: 'Renomear atacadão' }).click();
    await manage.getByLabel('Novo nome de atacadão').fill('Atacado');
    await manage.getByRole('button', { name: 'Salvar' }).click();
    await manage.getByRole('listitem').filter({ hasText: 'Atacado' }).waitFor();
    // The same name in another case is refused on the phone already.
    await manage.getByLabel('Nova etiqueta').fill('vip');
    await manage.getByRole('button', { name: 'Criar' }).click();
    await manage.getByText('Já existe uma etiqueta com esse nome').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/manage-labels.png` });
    await page.keyboard.press('Escape');

    // Assign in the dialog: Ana is VIP.
    await page.getByRole('button', { name: 'Editar Ana Souza' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByRole('button', { name: 'VIP', exact: true }).click();
    await page.screenshot({ path: `${SHOTS}/customer-dialog.png` });
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'hidden' });

    // Assign to many: Bruno and Carla are Atacado.
    await page.getByRole('button', { name: 'Selecionar' }).click();
    await page.getByLabel('Selecionar Bruno Lima').check();
    await page.getByLabel('Selecionar Carla Dias').check();
    await page.getByRole('button', { name: /Etiquetar/ }).click();
    const bulk = page.getByRole('dialog');
    await bulk.getByRole('button', { name: 'Atacado', exact: true }).click();
    expect(await axeFindings(page)).toEqual([]);
    await bulk.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByText('Etiquetas aplicadas a 2 clientes').waitFor();

    // Filter by label, offline.
    const filter = page.getByRole('group', { name: 'Filtrar por etiqueta' });
    await filter.getByRole('button', { name: 'VIP', exact: true }).click();
    await expect.poll(() => page.getByTestId('customer-card').count()).toBe(1);
    await page.getByText('Ana Souza').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/filtered-offline.png` });
    await filter.getByRole('button', { name: 'Atacado', exact: true }).click();
    await expect.poll(() => page.getByTestId('customer-card').count()).toBe(2);
    await filter.getByRole('button', { name: 'Todos' }).click();

    // Back online: the labels and the assignments reach the server.
    await context.setOffline(false);
    const labels = await until(
      async () => (await api<ApiLabel[]>(baseUrl, 'GET', '/api/etiquetas', owner.token)).body,
      (list) => list.length === 2,
    );
    const id = (name: string) => labels.find((l) => l.name === name)?.id;
    const customers = await until(
      async () => (await api<ApiCustomer[]>(baseUrl, 'GET', '/api/customers', owner.token)).body,
      (list) => list.filter((c) => c.labels.length > 0).length === 3,
    );
    const labelsOf = (name: string) => customers.find((c) => c.name === name)?.labels;
    expect(labelsOf('Ana Souza')).toEqual([id('VIP')]);
    expect(labelsOf('Bruno Lima')).toEqual([id('Atacado')]);
    expect(labelsOf('Carla Dias')).toEqual([id('Atacado')]);

    // Import preview: Latin-1 `;` file; Ana's number updates Ana, a bad line and a repeated number
    // are listed; the new label is announced. Then imported.
    const csv = [
      'nome;telefone;etiquetas',
      'Ana Souza Lima;(11) 98765-0001;Bairro Centro',
      'Daniel Sá;11987650004;VIP, Bairro Centro',
      'Erro;123;',
      'Daniel de novo;+55 11 98765-0004;',
    ].join('\r\n');
    expect(await page.getByRole('button', { name: 'Adicionar dos contatos' }).count()).toBe(0);
    await page.getByLabel('Arquivo CSV de clientes').setInputFiles({
      name: 'clientes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'latin1'),
    });
    const importing = page.getByRole('dialog');
    const previewBox = importing.getByTestId('import-preview');
    await previewBox.getByText('1 cliente novo').waitFor();
    await previewBox.getByText(/1 cliente atualizado/).waitFor();
    await previewBox.getByText('Etiquetas novas: Bairro Centro').waitFor();
    await previewBox.getByText('Linha 4: Telefone inválido').waitFor();
    await previewBox.getByText('Linha 5: Mesmo telefone da linha 3').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/import-preview.png` });
    await importing.getByRole('button', { name: 'Importar 2 clientes' }).click();
    await page.getByText('2 clientes importados!').waitFor();
    await page.getByText('Daniel Sá').waitFor();
    await page.getByText('Ana Souza Lima').waitFor();
    const afterImport = await until(
      async () => (await api<ApiCustomer[]>(baseUrl, 'GET', '/api/customers', owner.token)).body,
      (list) => list.length === 4 && list.some((c) => c.name === 'Ana Souza Lima'),
    );
    expect(afterImport.map((c) => c.name).sort()).toEqual([
      'Ana Souza Lima',
      'Bruno Lima',
      'Carla Dias',
      'Daniel Sá',
    ]);
    expect(afterImport.find((c) => c.name === 'Ana Souza Lima')?.labels).toHaveLength(2);

    // The campaign review counts the audience: Atacado, less nobody → 2.
    await page.goto('/campanhas');
    await page.getByLabel('Título da Campanha').fill('Promoção do atacado');
    await page.getByLabel('Mensagem').fill('Olá {nome}!');
    await page.getByLabel('Clientes com etiquetas').check();
    await page
      .getByRole('group', { name: 'Com as etiquetas' })
      .getByRole('button', { name: 'Atacado' })
      .click();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/para-quem.png`, fullPage: true });
    await page.getByRole('button', { name: 'Revisar' }).click();
    const review = page.getByRole('dialog');
    await review.getByText(/2 clientes/).waitFor();
    await page.screenshot({ path: `${SHOTS}/review-count.png` });
  }, 90_000);
});
