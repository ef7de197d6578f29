/** Offline journey: changes made without network wait in the worker and reach the server once. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchPhone, newPhoneContext, type Phone, waitForServiceWorker } from './browser';
import {
  type ApiOwner,
  addCustomer,
  addProduct,
  api,
  createOwnerWithStore,
  deviceRows,
  queueSize,
  sendFromPage,
  signIn,
  syncLog,
  until,
} from './offline-helpers';

type ApiProduct = { id: string; name: string; price: string; active: boolean };
type ApiCustomer = { id: string; name: string; phone: string };
type DeadLetter = { method: string; status: number; message: string; entityId: string | null };

const baseUrl = inject('baseUrl');
let phone: Phone;
let owner: ApiOwner;
let foreignProductId: string;

beforeAll(async () => {
  owner = await createOwnerWithStore(baseUrl, 'Padaria Offline');
  // Another store's product: its id must never be editable from this store.
  const other = await createOwnerWithStore(baseUrl, 'Outra Loja');
  foreignProductId = randomUUID();
  const created = await api(baseUrl, 'POST', '/api/products', other.token, {
    id: foreignProductId,
    name: 'Produto alheio',
    price: '5.00',
  });
  expect(created.status).toBeLessThan(300);
  phone = await launchPhone(baseUrl);
});

afterAll(() => phone?.close());

describe('working without network', () => {
  it('keeps every change made offline and sends each one once, in order, when back online', async () => {
    const { page, context } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);

    const bread = randomUUID();
    const cake = randomUUID();
    const ana = randomUUID();
    const invalid = randomUUID();
    await context.setOffline(true);
    const answers = await sendFromPage(page, [
      {
        method: 'POST',
        url: '/api/products',
        entity: `product:${bread}`,
        body: { id: bread, name: 'Pão de queijo', description: '', price: '10.00', active: true },
      },
      {
        method: 'POST',
        url: '/api/products',
        entity: `product:${cake}`,
        body: { id: cake, name: 'Bolo', description: '', price: '30.00', active: true },
      },
      {
        method: 'PUT',
        url: `/api/products/${bread}`,
        entity: `product:${bread}`,
        body: { name: 'Pão de queijo', description: 'Quentinho', price: '12.50', active: false },
      },
      { method: 'DELETE', url: `/api/products/${cake}`, entity: `product:${cake}` },
      {
        method: 'POST',
        url: '/api/customers',
        entity: `customer:${ana}`,
        body: { id: ana, name: 'Ana', phone: '11987654321' },
      },
      {
        method: 'PUT',
        url: `/api/customers/${ana}`,
        entity: `customer:${ana}`,
        body: { name: 'Ana Souza', phone: '(21) 3456-7890' },
      },
      // Refused when replayed: another store's id, and a price the form would never send.
      {
        method: 'PUT',
        url: `/api/products/${foreignProductId}`,
        entity: `product:${foreignProductId}`,
        body: { name: 'Invasão', description: '', price: '1.00', active: true },
      },
      {
        method: 'POST',
        url: '/api/products',
        entity: `product:${invalid}`,
        body: { id: invalid, name: 'Preço ruim', price: 'abc' },
      },
    ]);
    expect(answers).toEqual(Array(8).fill({ status: 202, body: '{"queued":true}' }));
    expect(await queueSize(page)).toBe(8);

    // Sign-in, by contrast, fails at once offline: it is never queued.
    const login = await page.evaluate(() =>
      fetch('/api/auth/login', { method: 'POST', body: '{}' }).then(
        () => 'answered',
        () => 'network error',
      ),
    );
    expect(login).toBe('network error');

    // Opening the app from scratch offline: the shell and the queue are still there.
    await page.reload();
    await page.locator('#root *').first().waitFor();
    expect(await queueSize(page)).toBe(8);
    const nothingYet = await api<ApiProduct[]>(baseUrl, 'GET', '/api/products', owner.token);
    expect(nothingYet.body).toEqual([]);

    // Back online: no `sync` event fires here; the page's `online` handler asks for the replay.
    await context.setOffline(false);
    expect(
      await until(
        () => queueSize(page),
        (n) => n === 0,
      ),
    ).toBe(0);

    const products = await api<ApiProduct[]>(baseUrl, 'GET', '/api/products', owner.token);
    expect(products.body).toEqual([
      expect.objectContaining({ id: bread, name: 'Pão de queijo', price: '12.50', active: false }),
    ]);
    const customers = await api<ApiCustomer[]>(baseUrl, 'GET', '/api/customers', owner.token);
    expect(customers.body).toEqual([
      expect.objectContaining({ id: ana, name: 'Ana Souza', phone: '2134567890' }),
    ]);
    // The other store's product is untouched.
    const other = await api<ApiProduct[]>(baseUrl, 'GET', `/api/products`, owner.token);
    expect(other.body.some((p) => p.id === foreignProductId)).toBe(false);

    // The two refusals are kept on the device with the server's reason, not dropped.
    const letters = await deviceRows<DeadLetter>(page, 'deadLetters');
    expect(letters).toHaveLength(2);
    expect(letters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'PUT', status: 404, entityId: foreignProductId }),
        expect.objectContaining({ method: 'POST', status: 400, entityId: invalid }),
      ]),
    );
    const invalidLetter = letters.find((l) => l.entityId === invalid);
    expect(invalidLetter?.message).toMatch(/Preço/);
  });

  it('lets the owner edit products and customers and import a CSV offline, then syncs them', async () => {
    const shop = await createOwnerWithStore(baseUrl, 'Mercearia da Rua');
    const context = await newPhoneContext(phone.browser, baseUrl);
    const page = await context.newPage();
    try {
      await signIn(page, shop);
      await waitForServiceWorker(page);
      await page.goto('/produtos');
      await page.getByText('Nenhum produto cadastrado').waitFor();
      await context.setOffline(true);

      await addProduct(page, 'Café especial', '2590');
      await addProduct(page, 'Suco de uva', '800');
      await page.getByText('R$ 25,90').waitFor();
      await page.getByRole('button', { name: 'Editar Café especial' }).click();
      const price = page.getByLabel('Preço (R$)');
      await price.fill('');
      await price.pressSequentially('2790');
      await page.getByRole('button', { name: 'Salvar Alterações' }).click();
      await page.getByText('R$ 27,90').waitFor();
      await page.getByRole('button', { name: 'Excluir Suco de uva' }).click();
      await page.getByRole('button', { name: 'Excluir', exact: true }).click();
      await page.getByText('Suco de uva').waitFor({ state: 'detached' });
      // A price list imported offline: parsed on the phone, sent later as one request.
      await page.getByRole('button', { name: 'Importar CSV' }).click();
      await page.getByLabel('Arquivo CSV').setInputFiles({
        name: 'lista.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'nome;descricao;preco;ativo\r\nQueijo minas;;32,90;sim\r\nDoce de leite;Pote 400 g;15,50;sim\r\n',
        ),
      });
      await page.getByRole('button', { name: 'Importar lista de produtos' }).click();
      // The dialog closes and the imported rows are in the list (cards have an edit button).
      await page.getByRole('button', { name: 'Editar Queijo minas' }).waitFor();
      await page.getByRole('button', { name: 'Editar Doce de leite' }).waitFor();
      // A change the form would never allow, sent anyway: the server will refuse it later.
      const refused = randomUUID();
      await sendFromPage(page, [
        {
          method: 'POST',
          url: '/api/products',
          entity: `product:${refused}`,
          body: { id: refused, name: 'Preço inválido', price: '12,345' },
        },
      ]);

      // Navigating offline: the worker answers with the app shell.
      await page.goto('/clientes');
      await addCustomer(page, 'Maria', '11987654321');
      await addCustomer(page, 'João', '21987654321');
      await page.getByRole('button', { name: 'Editar Maria' }).click();
      await page.getByLabel('Nome').fill('Maria Silva');
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await page.getByText('Maria Silva').waitFor();
      await page.getByRole('button', { name: 'Excluir João' }).click();
      await page.getByRole('button', { name: 'Excluir', exact: true }).click();
      await page.getByText('João').waitFor({ state: 'detached' });
      await page
        .getByTestId('offline-indicator')
        .getByText(/aguardando envio/)
        .waitFor();

      // Reopened offline: shell and data come from the phone.
      await page.reload();
      await page.getByText('Maria Silva').waitFor();
      await page.goto('/produtos');
      await page.getByText('R$ 27,90').waitFor();
      expect(await api(baseUrl, 'GET', '/api/products', shop.token)).toMatchObject({ body: [] });
      // The app itself has taken over from the start-up snapshot (which paints the rows but not
      // the banner) and knows what waits: only then does the banner's leaving mean "sent".
      await page
        .getByTestId('offline-indicator')
        .getByText(/aguardando envio/)
        .waitFor();

      await context.setOffline(false);
      await page.getByTestId('offline-indicator').waitFor({ state: 'detached', timeout: 20_000 });
      const products = await api<ApiProduct[]>(baseUrl, 'GET', '/api/products', shop.token);
      expect(products.body.map((p) => [p.name, p.price]).sort()).toEqual([
        ['Café especial', '27.90'],
        ['Doce de leite', '15.50'],
        ['Queijo minas', '32.90'],
      ]);
      const customers = await api<ApiCustomer[]>(baseUrl, 'GET', '/api/customers', shop.token);
      expect(customers.body.map((c) => [c.name, c.phone])).toEqual([
        ['Maria Silva', '11987654321'],
      ]);
      // The refusal is shown to the owner with the server's reason.
      const refusals = page.getByRole('region', { name: 'Alterações recusadas' });
      await refusals.waitFor({ timeout: 20_000 });
      expect(await refusals.textContent()).toMatch(/Preço/);

      // Discarding it reads that one row from the server, never the whole catalogue.
      const reads: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (request.method() === 'GET' && pathname.startsWith('/api/')) reads.push(pathname);
      });
      await page.screenshot({ path: '/tmp/registry-refusals.png' });
      await refusals.getByRole('button', { name: 'Descartar' }).click();
      await refusals.waitFor({ state: 'detached' });
      expect(reads).toContain(`/api/sync/products/${refused}`);
      expect(reads).not.toContain('/api/products');
      expect(await deviceRows(page, 'deadLetters')).toEqual([]);
      await page.getByText('R$ 27,90').waitFor();
    } finally {
      await context.close();
    }
  });

  it('holds the queue when the session expired and sends it after the owner signs in again', async () => {
    const shop = await createOwnerWithStore(baseUrl, 'Empório Sessão');
    const context = await newPhoneContext(phone.browser, baseUrl);
    await context.addInitScript(() => {
      const w = window as { syncLog?: unknown[] };
      w.syncLog = [];
      new BroadcastChannel('tali-sync').onmessage = (e) => w.syncLog?.push(e.data);
    });
    const page = await context.newPage();
    try {
      await signIn(page, shop);
      await waitForServiceWorker(page);
      await page.goto('/produtos');
      await page.getByText('Nenhum produto cadastrado').waitFor();
      await context.setOffline(true);
      await addProduct(page, 'Pão francês', '100');
      // Meanwhile the session ends on the server (signed out elsewhere, or expired).
      const deviceToken = await page.evaluate(() => localStorage.getItem('token') ?? '');
      expect((await api(baseUrl, 'POST', '/api/auth/logout', deviceToken)).status).toBeLessThan(
        300,
      );

      await context.setOffline(false);
      const log = await until(
        () => syncLog(page),
        (l) => l.some((m) => m.type === 'auth-required'),
      );
      expect(log.map((m) => m.type)).toContain('auth-required');
      const fresh = await api<{ token: string }>(baseUrl, 'POST', '/api/auth/login', undefined, {
        email: shop.email,
        password: shop.password,
      });
      expect(await api(baseUrl, 'GET', '/api/products', fresh.body.token)).toMatchObject({
        body: [],
      });

      await signIn(page, shop);
      const sent = await until(
        () => api<ApiProduct[]>(baseUrl, 'GET', '/api/products', fresh.body.token),
        (r) => r.body.length > 0,
      );
      expect(sent.body.map((p) => p.name)).toEqual(['Pão francês']);
    } finally {
      await context.close();
    }
  });
});
