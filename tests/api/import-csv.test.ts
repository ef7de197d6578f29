/** POST /api/products/import-csv: the device's row rules, upsert by id or name, hostile files. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import type { ApiProduct } from '../../src/domain/api-types';
import type { ImportCsvResponse } from '../../src/domain/product';
import { createOwner, newId, type Owner } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  other = await createOwner(t);
});
afterAll(() => t.close());

const importCsv = (csvData: unknown, who: Owner = owner) =>
  t.call<ImportCsvResponse>('POST', '/api/products/import-csv', { csvData }, who.token);
const list = async (who: Owner = owner) =>
  (await t.call<ApiProduct[]>('GET', '/api/products', undefined, who.token)).body as Array<{
    id: string;
    name: string;
    price: string;
    active: boolean;
  }>;

describe('import-csv', () => {
  it('imports valid lines and reports the others with their spreadsheet line', async () => {
    const csv = [
      'Nome;Descrição;Preço;Ativo',
      'Pão de queijo;Unidade;"1.234,50";sim',
      '',
      'Sem preço;;;sim',
      'Suco;Laranja;7,9;não',
      'pao de queijo;repetido;2;sim',
      '=HYPERLINK("http://x");;=1+1;sim',
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: '2 produtos importados',
      imported: 2,
      errors: [
        { line: 4, message: 'Linha 4: Preço é obrigatório' },
        { line: 6, message: 'Linha 6: Produto repetido (mesmo nome da linha 2)' },
        { line: 7, message: 'Linha 7: Preço deve ser um número válido' },
      ],
    });
    const rows = await list();
    expect(rows).toContainEqual(
      expect.objectContaining({ name: 'Pão de queijo', price: '1234.50', active: true }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ name: 'Suco', price: '7.90', active: false }),
    );
  });

  it('updates products with the same name instead of duplicating them', async () => {
    await importCsv('nome;preco\nCafé Especial;10');
    const res = await importCsv('name,price\ncafe especial,12.5');
    expect(res.body.imported).toBe(1);
    const matches = (await list()).filter((p) => p.name.toLowerCase().startsWith('caf'));
    expect(matches).toEqual([expect.objectContaining({ name: 'cafe especial', price: '12.50' })]);
  });

  it('upserts by the id column and never touches ids of another store or deleted ones', async () => {
    const mine = newId();
    const theirs = newId();
    const gone = newId();
    await t.call('POST', '/api/products', { id: theirs, name: 'Deles', price: '1' }, other.token);
    await t.call('POST', '/api/products', { id: gone, name: 'Apagado', price: '1' }, owner.token);
    await t.call('DELETE', `/api/products/${gone}`, undefined, owner.token);
    const csv = `id;nome;preco\n${mine};Meu;3\n${theirs};Roubado;9\n${gone};Zumbi;9`;
    const first = await importCsv(csv);
    expect(first.body.imported).toBe(1);
    expect(first.body.errors).toEqual([
      { line: 3, message: 'Linha 3: Identificador inválido' },
      {
        line: 4,
        message:
          'Linha 4: Este produto foi excluído; remova a coluna id para cadastrá-lo novamente',
      },
    ]);
    await importCsv(csv);
    expect(await t.db.select().from(products).where(eq(products.id, mine))).toHaveLength(1);
    const [row] = await t.db.select().from(products).where(eq(products.id, theirs));
    expect(row).toMatchObject({ name: 'Deles', storeId: other.storeId });
    const [tomb] = await t.db.select().from(products).where(eq(products.id, gone));
    expect(tomb?.deletedAt).not.toBeNull();
  });

  it.each([
    ['empty text', '', 'Nenhum produto importado. Linha 1: O arquivo está vazio'],
    ['a header only', 'nome;preco\n', 'O arquivo não tem produtos para importar'],
    [
      'no name column',
      'produto;valor_x\nA;1',
      'Nenhum produto importado. Linha 1: Cabeçalho deve ter as colunas nome e preco',
    ],
    [
      'only bad lines',
      'nome;preco\nA;x',
      'Nenhum produto importado. Linha 2: Preço deve ser um número válido',
    ],
  ])('answers 400 for %s', async (_label, csvData, message) => {
    const res = await importCsv(csvData);
    expect(res).toMatchObject({ status: 400, body: { message, imported: 0 } });
  });

  it.each([
    ['no csvData', {}, 400],
    ['a number', { csvData: 12 }, 400],
    ['an array', { csvData: ['a'] }, 400],
    ['not JSON', 'csvData=nome;preco', 400],
  ])('refuses a body with %s', async (_label, body, status) => {
    const res = await t.call('POST', '/api/products/import-csv', body, owner.token);
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses text over 5 MB and more than 100,000 lines with 413', async () => {
    const big = await importCsv(`nome;preco\n${'x'.repeat(5 * 1024 * 1024)}`);
    expect(big).toMatchObject({
      status: 413,
      body: { message: 'Arquivo muito grande: o limite é 5 MB' },
    });
    const many = await importCsv(`nome;preco\n${'a;1\n'.repeat(100_001)}`);
    expect(many.status).toBe(413);
    expect(many.body.message).toBe(
      'A planilha tem mais de 100.000 produtos. Divida o arquivo e importe em partes.',
    );
  });

  it('refuses a body over the 12 MB request limit with a JSON message', async () => {
    const res = await importCsv('x'.repeat(13 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(typeof res.body.message).toBe('string');
  });

  it('reports at most 1,000 refused lines', async () => {
    const res = await importCsv(`nome;preco\nBom;1\n${'Ruim;x\n'.repeat(1500)}`);
    expect(res.body.imported).toBe(1);
    expect(res.body.errors).toHaveLength(1000);
    expect(res.body.errors?.[0]).toEqual({
      line: 3,
      message: 'Linha 3: Preço deve ser um número válido',
    });
  });

  it('drops control characters and keeps formula-looking names as plain text', async () => {
    const res = await importCsv('nome;preco\n"Bo\u0000lo\u0007";5\n@Bolo;6');
    expect(res.body.imported).toBe(2);
    const names = (await list()).map((p) => p.name);
    expect(names).toContain('Bolo');
    expect(names).toContain('@Bolo');
  });

  it('imports 10,000 lines', async () => {
    const lines = ['nome;preco'];
    for (let i = 0; i < 10_000; i++) lines.push(`Item ${i};${i},99`);
    const started = performance.now();
    const res = await importCsv(lines.join('\n'), other);
    console.info(`import-csv 10k rows (${t.kind}): ${(performance.now() - started).toFixed(0)} ms`);
    expect(res.body).toMatchObject({ imported: 10_000, message: '10000 produtos importados' });
    expect((await list(other)).length).toBe(10_001);
  }, 120_000);
});
