/** Hostile headers, CSV files and sandbox/webhook bodies: refused cleanly, nothing saved is lost. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, whatsappConnections } from '../../server/db/schema';
import { WEBHOOK_SECRET_HEADER } from '../../server/services/whatsapp/gateway';
import { sandboxIncomingPayload } from '../../server/services/whatsapp/sandbox-adapter';
import { createOwner, type Owner } from './fixtures';
import { expectRefused, hostileBodies, raw, snapshot } from './hostile-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t, 'Loja Alvo');
  const res = await raw(t, 'POST', '/api/products/import-csv', {
    token: owner.token,
    body: JSON.stringify({ csvData: 'nome,preco\nArroz,10.00\nFeijão,8.50\n' }),
  });
  expect(res.status).toBe(200);
});
afterAll(() => t?.close());

const protectedRoutes: Array<[string, string]> = [
  ['GET', '/api/auth/me'],
  ['POST', '/api/stores'],
  ['GET', '/api/stores/me'],
  ['PUT', '/api/stores/me'],
  ['PUT', '/api/stores/bot-config'],
  ['GET', '/api/stores/public-url'],
  ['GET', '/api/products'],
  ['POST', '/api/products'],
  ['GET', '/api/products/template-csv'],
  ['POST', '/api/products/import-csv'],
  ['PUT', '/api/products/00000000-0000-4000-8000-000000000000'],
  ['DELETE', '/api/products/00000000-0000-4000-8000-000000000000'],
  ['GET', '/api/customers'],
  ['POST', '/api/customers'],
  ['PUT', '/api/customers/00000000-0000-4000-8000-000000000000'],
  ['DELETE', '/api/customers/00000000-0000-4000-8000-000000000000'],
  ['GET', '/api/sync'],
  ['GET', '/api/whatsapp/status'],
  ['GET', '/api/whatsapp/generate-qr'],
  ['DELETE', '/api/whatsapp/disconnect'],
];

describe('Authorization header variants', () => {
  const variants: Array<[string, Record<string, string>]> = [
    ['no header', {}],
    ['empty', { authorization: '' }],
    ['bare Bearer', { authorization: 'Bearer' }],
    ['Bearer and a space', { authorization: 'Bearer ' }],
    ['very long token', { authorization: `Bearer ${'a'.repeat(100_000)}` }],
    ['Basic scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['token without scheme', { authorization: 'a'.repeat(43) }],
    ['unknown token', { authorization: `Bearer ${'b'.repeat(43)}` }],
    ['SQL in token', { authorization: "Bearer ' OR '1'='1" }],
    ['two tokens', { authorization: `Bearer ${'c'.repeat(43)}, Bearer ${'d'.repeat(43)}` }],
  ];

  it('answers 401 with a message on every protected route, with any body', async () => {
    for (const [method, url] of protectedRoutes) {
      for (const [label, headers] of variants) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : hostileBodies()[0]?.[1];
        const res = await raw(t, method, url, { headers, body });
        expectRefused(res, `${method} ${url} with ${label}`);
        expect(res.status, `${method} ${url} with ${label}`).toBe(401);
      }
    }
  });

  it('keeps logout and health answering without a session', async () => {
    for (const [, headers] of variants) {
      expect((await raw(t, 'POST', '/api/auth/logout', { headers })).status).toBe(204);
    }
    expect((await raw(t, 'GET', '/api/health')).status).toBe(200);
  });
});

describe('Idempotency-Key variants', () => {
  it('refuses malformed keys with 400 and saves nothing', async () => {
    const before = await snapshot(t, owner.token);
    const keys = ['', ' ', 'a b', 'x'.repeat(201), 'ç-acentuada', '\t', 'k'.repeat(10_000)];
    for (const key of keys) {
      const res = await raw(t, 'POST', '/api/products', {
        token: owner.token,
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ name: 'Chave ruim', price: '1.00', active: true }),
      });
      expect(res.status, JSON.stringify(key.slice(0, 20))).toBe(400);
      expectRefused(res, `Idempotency-Key ${JSON.stringify(key.slice(0, 20))}`);
    }
    expect(await snapshot(t, owner.token)).toEqual(before);
  });

  it('answers a key reused on another route with 422 and does not run the second request', async () => {
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'chave-reusada-1' };
    const first = await raw(t, 'POST', '/api/customers', {
      token: owner.token,
      headers,
      body: JSON.stringify({ name: 'Ana', phone: '11988887777' }),
    });
    expect(first.status).toBe(201);
    const before = await snapshot(t, owner.token);
    const second = await raw(t, 'POST', '/api/products', {
      token: owner.token,
      headers,
      body: JSON.stringify({ name: 'Outro', price: '2.00', active: true }),
    });
    expect(second.status).toBe(422);
    expectRefused(second, 'reused key');
    expect(await snapshot(t, owner.token)).toEqual(before);
  });
});

describe('CSV files as hostile input', () => {
  const importCsv = (csvData: unknown) =>
    raw(t, 'POST', '/api/products/import-csv', {
      token: owner.token,
      body: JSON.stringify({ csvData }),
    });

  it('never fails with a 500 and never touches products on refused files', async () => {
    const before = await snapshot(t, owner.token);
    const wide = `nome,preco,${Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',')}\n`;
    const garbage = Array.from({ length: 200_000 }, (_, i) =>
      String.fromCharCode((i * 7919) % 256),
    ).join('');
    const files: Array<[string, unknown]> = [
      ['no csvData', undefined],
      ['csvData as number', 12],
      ['csvData as object', { a: 1 }],
      ['empty', ''],
      ['header only', 'nome,preco\n'],
      ['100k columns, no rows', wide],
      ['100k columns, one bad row', `${wide}${',x'.repeat(100_000)}\n`],
      ['binary garbage', garbage],
      ['NUL only', '\u0000'.repeat(1000)],
      ['unterminated quote', 'nome,preco\n"Arroz,10.00\n'],
      ['only separators', ';;;;\n;;;;\n'],
      ['over 5 MB', `nome,preco\n${'Linha,1.00\n'.repeat(520_000)}`],
      [
        'more than 100,000 rows',
        `nome,preco\n${Array.from({ length: 100_001 }, (_, i) => `P${i},1`).join('\n')}`,
      ],
      ['another store id', 'id,nome,preco\n00000000-0000-4000-8000-000000000000x,Ovo,1.00\n'],
    ];
    for (const [label, csvData] of files) {
      const res = await importCsv(csvData);
      expectRefused(res, `CSV ${label}`);
    }
    expect(await snapshot(t, owner.token)).toEqual(before);
  });

  it('imports formula cells as plain text, not as formulas', async () => {
    const res = await importCsv(
      'nome,descricao,preco\n"=HYPERLINK(""http://evil"",""x"")",@SUM(A1),3.00\n+cmd|calc,-1+1,4.00\n',
    );
    expectRefused(res, 'formula cells', [200]);
    // Stored as the text the owner typed; neutralising is the CSV export's job (neutralizeCell).
    const products = (await raw(t, 'GET', '/api/products', { token: owner.token })).body as Array<{
      name: string;
      description: string;
    }>;
    const names = products.map((p) => p.name);
    expect(names).toContain('=HYPERLINK("http://evil","x")');
    expect(names).toContain('+cmd|calc');
  });
});

describe('sandbox page and webhook bodies', () => {
  it('refuses hostile webhook bodies without a valid secret, before reading them', async () => {
    for (const [label, body] of hostileBodies()) {
      const res = await raw(t, 'POST', `/api/webhooks/whatsapp/${owner.storeId}`, {
        headers: { 'content-type': 'application/json', 'x-tali-secret': 'errado' },
        body,
      });
      // Over the 1 MB body cap, the size answers first: refused before the body is read either way.
      expect(res.status, label).toBe(label === '1 MB strings' ? 413 : 401);
    }
  });

  it('refuses hostile bodies on the sandbox form with 4xx and keeps the store intact', async () => {
    const qr = await raw(t, 'GET', '/api/whatsapp/generate-qr', { token: owner.token });
    expect(qr.status).toBe(200);
    const link = new URL((qr.body as { sandboxUrl: string }).sandboxUrl);
    const page = `${link.pathname}${link.search}`;
    expect((await raw(t, 'GET', page)).status).toBe(200);
    const before = await snapshot(t, owner.token);
    const messages = `${link.pathname}/messages${link.search}`;
    const bodies = [
      ...hostileBodies(),
      [
        'NUL and surrogates',
        JSON.stringify({ name: 'Zé\u0000\uD800', phone: '11987654321', text: 'oi\u0000\uDFFF' }),
      ],
    ] as Array<[string, string]>;
    for (const [label, body] of bodies) {
      const res = await raw(t, 'POST', messages, { body });
      expectRefused(res, `sandbox form with ${label}`, [200]);
    }
    const after = await snapshot(t, owner.token);
    expect(after.products).toEqual(before.products);
    expect(after.store).toEqual(before.store);
  });
});

describe('gateway text with NUL bytes', () => {
  it('keeps a webhook message whose text and name hold NUL and lone surrogates', async () => {
    const [row] = await t.db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.storeId, owner.storeId));
    if (!row) throw new Error('no connection (the sandbox test runs first)');
    const payload = sandboxIncomingPayload({
      name: 'Zé\u0000',
      phone: '11955554444',
      text: 'quero\u0000 pão\uD800',
    });
    const res = await raw(t, 'POST', `/api/webhooks/whatsapp/${owner.storeId}`, {
      headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: row.webhookSecret },
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(200);
    const saved = await t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.storeId, owner.storeId));
    // Before the fix the insert failed, was logged and the message silently dropped.
    expect(saved.map((m) => m.text)).toContain('quero pão\uFFFD');
  });

  it('answers hostile bodies with the right secret with a 4xx or 200, never a 500', async () => {
    const [row] = await t.db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.storeId, owner.storeId));
    if (!row) throw new Error('no connection');
    const shapes = [
      ...hostileBodies(),
      ['event only', '{"event":"messages.upsert"}'],
      ['data as string', '{"event":"messages.upsert","data":"x"}'],
      ['data as array', '{"event":"messages.upsert","data":[1,2]}'],
      ['key as null', '{"event":"messages.upsert","data":{"key":null,"message":null}}'],
      [
        'numbers everywhere',
        '{"event":1,"data":{"key":{"remoteJid":5,"fromMe":"no","id":{}},"pushName":[],"message":{"conversation":7},"messageTimestamp":"x"}}',
      ],
      [
        'huge timestamp',
        JSON.stringify({
          ...sandboxIncomingPayload({ name: 'A', phone: '11955554444', text: 'oi' }),
          data: {
            ...sandboxIncomingPayload({ name: 'A', phone: '11955554444', text: 'oi' }).data,
            messageTimestamp: 1e308,
          },
        }),
      ],
      [
        'connection update garbage',
        '{"event":"connection.update","data":{"state":{"x":1},"statusReason":"abc"}}',
      ],
    ] as Array<[string, string]>;
    for (const [label, body] of shapes) {
      const res = await raw(t, 'POST', `/api/webhooks/whatsapp/${owner.storeId}`, {
        headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: row.webhookSecret },
        body,
      });
      expectRefused(res, `webhook with ${label}`, [200]);
    }
  });
});
