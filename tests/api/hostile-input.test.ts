/** Every API route against hostile input: a 4xx with a Portuguese `{ message }`, never a 500, nothing lost. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '../../src/domain/hours';
import { createOwner, type Owner } from './fixtures';
import { expectRefused, hostileBodies, raw, snapshot } from './hostile-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let owner: Owner;
let productId: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t, 'Mercadinho Hostil');
  const product = await raw(t, 'POST', '/api/products', {
    token: owner.token,
    body: JSON.stringify({ name: 'Café', description: 'Torrado', price: '12.50', active: true }),
  });
  productId = (product.body as { id: string }).id;
  const customer = await raw(t, 'POST', '/api/customers', {
    token: owner.token,
    body: JSON.stringify({ name: 'Maria', phone: '11987654321' }),
  });
  customerId = (customer.body as { id: string }).id;
  expect([product.status, customer.status]).toEqual([201, 201]);
});
afterAll(() => t?.close());

/** Routes that read a JSON body, with the owner's token. */
const bodyRoutes = (): Array<[string, string]> => [
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/stores'],
  ['PUT', '/api/stores/me'],
  ['PUT', '/api/stores/bot-config'],
  ['POST', '/api/products'],
  ['PUT', `/api/products/${productId}`],
  ['POST', '/api/products/import-csv'],
  ['POST', '/api/customers'],
  ['PUT', `/api/customers/${customerId}`],
];

/** Every route of the app (body routes included), for auth and method checks. */
const allRoutes = (): Array<[string, string]> => [
  ...bodyRoutes(),
  ['POST', '/api/auth/logout'],
  ['GET', '/api/auth/me'],
  ['GET', '/api/stores/me'],
  ['GET', '/api/stores/public-url'],
  ['GET', '/api/products'],
  ['GET', '/api/products/template-csv'],
  ['DELETE', `/api/products/${productId}`],
  ['GET', '/api/customers'],
  ['DELETE', `/api/customers/${customerId}`],
  ['GET', '/api/sync'],
  ['GET', '/api/whatsapp/status'],
  ['GET', '/api/whatsapp/generate-qr'],
  ['DELETE', '/api/whatsapp/disconnect'],
  ['POST', `/api/webhooks/whatsapp/${owner.storeId}`],
];

describe('hostile bodies on every JSON route', () => {
  it('refuses each with a 4xx and a Portuguese message, and changes nothing saved', async () => {
    const before = await snapshot(t, owner.token);
    for (const [method, path] of bodyRoutes()) {
      for (const [label, body] of hostileBodies()) {
        const res = await raw(t, method, path, { token: owner.token, body });
        // POST /api/stores: the owner already has a store, a 409 is as good a refusal as a 400.
        expectRefused(res, `${method} ${path} with ${label}`);
      }
    }
    expect(await snapshot(t, owner.token)).toEqual(before);
  });

  it('treats NUL bytes and lone surrogates in text fields as text, not as a server error', async () => {
    const nasty = 'Pão\u0000 de\uD800 queijo\uDFFF';
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/products', { name: nasty, description: nasty, price: '1.00', active: true }],
      ['PUT', `/api/products/${productId}`, { name: nasty, price: '12.50', active: true }],
      ['POST', '/api/customers', { name: nasty, phone: '11912345678' }],
      [
        'PUT',
        '/api/stores/me',
        {
          name: nasty,
          cnpj: '',
          phone: '',
          cep: '01001000',
          logradouro: nasty,
          numero: '1',
          complemento: nasty,
          bairro: nasty,
          cidade: nasty,
          uf: 'SP',
        },
      ],
      [
        'PUT',
        '/api/stores/bot-config',
        {
          botAtivo: true,
          botPersonalizacao: { mensagemBoasVindas: nasty, tomVoz: '', informacoesImportantes: '' },
        },
      ],
      ['POST', '/api/products/import-csv', { csvData: `nome,preco\n${nasty},3.00\n` }],
      ['POST', '/api/auth/login', { email: `a${nasty}@x.com`, password: nasty }],
      ['POST', '/api/auth/register', { email: `a\u0000@x.com`, password: `senha${nasty}` }],
    ];
    for (const [method, path, body] of cases) {
      const res = await raw(t, method, path, { token: owner.token, body: JSON.stringify(body) });
      expectRefused(res, `${method} ${path} with NUL/surrogates`, [200, 201]);
      expect(res.text).not.toContain('\u0000');
    }
    const store = await raw(t, 'GET', '/api/stores/me', { token: owner.token });
    expect(store.status).toBe(200);
  });

  it('creates a store from text with NUL bytes and lone surrogates (first onboarding)', async () => {
    const reg = await raw(t, 'POST', '/api/auth/register', {
      body: JSON.stringify({ email: 'nova@exemplo.com.br', password: 'senha-segura' }),
    });
    expect(reg.status).toBe(201);
    const token = (reg.body as { token: string }).token;
    const store = await raw(t, 'POST', '/api/stores', {
      token,
      body: JSON.stringify({
        name: 'Loja\u0000 Nova\uD800',
        cnpj: '',
        phone: '',
        cep: '01001000',
        logradouro: 'Rua\u0000 A',
        numero: '1',
        complemento: '\uDFFF',
        bairro: 'Centro',
        cidade: 'São Paulo',
        uf: 'SP',
        businessHours: defaultBusinessHours(),
      }),
    });
    expectRefused(store, 'POST /api/stores with NUL', [201]);
    expect(store.status).toBe(201);
    expect((store.body as { name: string }).name).toBe('Loja Nova\uFFFD');
  });

  it('answers a wrong content type like any other body (the JSON is still checked)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await raw(t, 'POST', '/api/products', {
        token: owner.token,
        headers: { 'content-type': type },
        body: 'name=x&price=1',
      });
      expectRefused(res, `POST /api/products as ${type}`);
    }
  });

  it('refuses a body over the size limit with 413 before reading it', async () => {
    const huge = JSON.stringify({ csvData: 'x'.repeat(13 * 1024 * 1024) });
    const res = await raw(t, 'POST', '/api/products/import-csv', {
      token: owner.token,
      body: huge,
    });
    expect(res.status).toBe(413);
    expectRefused(res, 'oversized body');
  });
});

describe('every field of every body, swapped for a hostile value', () => {
  const swaps: unknown[] = [
    null,
    0,
    -1,
    1e308,
    true,
    [],
    ['a'],
    {},
    { $ne: '' },
    'x'.repeat(100_000),
    '\u0000',
    '\uD800',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '__proto__',
  ];

  it('answers a 4xx with a message or a success, never a 500', async () => {
    const hours = defaultBusinessHours();
    const valid: Array<[string, string, Record<string, unknown>]> = [
      ['POST', '/api/auth/register', { email: 'campo@exemplo.com.br', password: 'senha-segura' }],
      ['POST', '/api/auth/login', { email: 'campo@exemplo.com.br', password: 'senha-segura' }],
      [
        'POST',
        '/api/stores',
        {
          name: 'Loja',
          cnpj: '',
          phone: '',
          cep: '01001000',
          logradouro: 'Rua',
          numero: '1',
          complemento: '',
          bairro: 'B',
          cidade: 'C',
          uf: 'SP',
          businessHours: hours,
        },
      ],
      [
        'PUT',
        '/api/stores/me',
        {
          name: 'Mercadinho Hostil',
          cnpj: '',
          phone: '',
          cep: '',
          logradouro: '',
          numero: '',
          complemento: '',
          bairro: '',
          cidade: '',
          uf: '',
          businessHours: hours,
        },
      ],
      [
        'PUT',
        '/api/stores/bot-config',
        {
          botAtivo: true,
          botPersonalizacao: { mensagemBoasVindas: 'Oi', tomVoz: '', informacoesImportantes: '' },
        },
      ],
      [
        'POST',
        '/api/products',
        {
          id: '3f0c1b1e-9f7a-4c1e-8d2a-0b6f1d2c3e4f',
          name: 'Pão',
          description: '',
          price: '1.00',
          active: true,
        },
      ],
      [
        'PUT',
        `/api/products/${productId}`,
        { name: 'Café', description: 'Torrado', price: '12.50', active: true },
      ],
      [
        'POST',
        '/api/customers',
        { id: '4f0c1b1e-9f7a-4c1e-8d2a-0b6f1d2c3e4f', name: 'Zé', phone: '11912341234' },
      ],
      ['PUT', `/api/customers/${customerId}`, { name: 'Maria', phone: '11987654321' }],
      ['POST', '/api/products/import-csv', { csvData: 'nome,preco\nSal,2.00\n' }],
    ];
    const withDays = (body: Record<string, unknown>) =>
      'businessHours' in body
        ? [...Object.keys(body), 'businessHours.segunda', 'businessHours.segunda.start']
        : Object.keys(body);
    for (const [method, path, body] of valid) {
      for (const field of [...withDays(body), 'botPersonalizacao.tomVoz']) {
        for (const value of swaps) {
          const copy = structuredClone(body);
          const parts = field.split('.');
          let target: Record<string, unknown> = copy;
          for (const part of parts.slice(0, -1))
            target = (target[part] ?? {}) as Record<string, unknown>;
          target[parts.at(-1) as string] = value;
          const res = await raw(t, method, path, {
            token: owner.token,
            body: JSON.stringify(copy),
          });
          expectRefused(
            res,
            `${method} ${path} with ${field}=${JSON.stringify(value).slice(0, 30)}`,
            [200, 201],
          );
        }
      }
    }
  }, 180_000); // hundreds of requests: close to 30 s on a loaded machine
});

describe('hostile paths, queries and methods', () => {
  const badIds = [
    'nao-e-uuid',
    "1'%20OR%20'1'='1",
    '1;DROP%20TABLE%20products',
    '%00',
    '00000000-0000-0000-0000-00000000000g',
    `${'a'.repeat(5000)}`,
    '..%2f..%2fetc%2fpasswd',
    '%F0%9F%92%A9',
    '%E0%A4%A',
  ];

  it('answers 404 with a message for malformed or SQL-looking ids', async () => {
    for (const id of badIds) {
      for (const base of ['/api/products', '/api/customers']) {
        for (const method of ['PUT', 'DELETE']) {
          const body =
            method === 'PUT'
              ? JSON.stringify({ name: 'x', price: '1.00', phone: '11987654321' })
              : undefined;
          const res = await raw(t, method, `${base}/${id}`, { token: owner.token, body });
          expectRefused(res, `${method} ${base}/${id.slice(0, 40)}`);
          expect(res.status, `${method} ${base}/${id.slice(0, 40)}`).toBe(404);
        }
      }
      const hook = await raw(t, 'POST', `/api/webhooks/whatsapp/${id}`, { body: '{}' });
      expectRefused(hook, `webhook ${id.slice(0, 40)}`);
      const page = await raw(t, 'GET', `/sandbox/${id}/messages?k=x`);
      expectRefused(page, `sandbox ${id.slice(0, 40)}`);
      expect((await raw(t, 'GET', `/sandbox/${id}?k=x`)).status).toBe(401);
    }
  });

  it('refuses odd sync cursors with 400, and ignores unknown bracket keys', async () => {
    for (const q of [
      'since=-1',
      'since=1e309',
      'since=abc',
      'since=1.5',
      'since=99999999999999999999',
      'limit=0',
      'limit=-5',
      'limit=1e3',
      `since=${'9'.repeat(100_000)}`,
      'since=%00',
      'since=%E0%A4%A',
    ]) {
      const res = await raw(t, 'GET', `/api/sync?${q}`, { token: owner.token });
      expect(res.status, q.slice(0, 40)).toBe(400);
      expectRefused(res, q.slice(0, 40));
    }
    for (const q of ['since[]=1', `x=${'y'.repeat(50_000)}`, 'since=0&since=5']) {
      const res = await raw(t, 'GET', `/api/sync?${q}`, { token: owner.token });
      expectRefused(res, q.slice(0, 40), [200]);
    }
  });

  it('answers unknown methods and paths under /api with a JSON 404', async () => {
    const cases: Array<[string, string]> = [
      ['PATCH', '/api/products'],
      ['PATCH', `/api/products/${productId}`],
      ['GET', `/api/products/${productId}`],
      ['PUT', '/api/products'],
      ['DELETE', '/api/stores/me'],
      ['POST', '/api/sync'],
      ['GET', '/api/webhooks/whatsapp/x'],
      ['GET', '/api/nada'],
    ];
    for (const [method, path] of cases) {
      const res = await raw(t, method, path, { token: owner.token });
      expectRefused(res, `${method} ${path}`);
      expect([401, 404, 405]).toContain(res.status);
    }
  });

  // Last: these may succeed (DELETE really deletes), the point is that none of them fails.
  it('survives odd query strings and headers on every route', async () => {
    const query = `?__proto__[admin]=1&constructor[prototype][x]=1&since[]=1&${'q'.repeat(60_000)}=%00%E0`;
    for (const [method, path] of allRoutes()) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
      const res = await raw(t, method, `${path}${query}`, {
        token: owner.token,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': "1'; DROP TABLE x; --" },
        body,
      });
      expectRefused(res, `${method} ${path} with odd query`, [200, 201, 204]);
    }
  });
});
