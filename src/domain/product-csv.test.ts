/** Product CSV rules: Brazilian spreadsheets in, per-line Portuguese errors out, safe exports. */
import { describe, expect, it } from 'vitest';
import {
  buildProductCsv,
  decodeCsvBytes,
  neutralizeCell,
  parseProductCsv,
  productCsvTemplate,
} from './product-csv';

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with and without BOM', () => {
    const utf8 = new TextEncoder().encode('nome;preco\nCafé;10');
    expect(decodeCsvBytes(utf8)).toBe('nome;preco\nCafé;10');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    expect(decodeCsvBytes(withBom)).toBe('nome;preco\nCafé;10');
  });

  it('falls back to Windows-1252 for bytes Excel wrote that are not UTF-8', () => {
    expect(decodeCsvBytes(new Uint8Array([0x43, 0x61, 0x66, 0xe9]))).toBe('Café');
    // 0x80 is the euro sign in Windows-1252, and ç/ã are single bytes.
    expect(decodeCsvBytes(new Uint8Array([0x80, 0x20, 0xe7, 0xe3]))).toBe('€ çã');
  });
});

describe('parseProductCsv', () => {
  it('reads the semicolon template with decimal comma and thousands dot', () => {
    const r = parseProductCsv(
      'nome;descricao;preco;ativo\nCafé;Torrado;"1.234,56";sim\nChá;;59,9;não\n',
    );
    expect(r.errors).toEqual([]);
    expect(r.rows).toEqual([
      {
        line: 2,
        id: undefined,
        name: 'Café',
        description: 'Torrado',
        price: '1234.56',
        active: true,
      },
      { line: 3, id: undefined, name: 'Chá', description: '', price: '59.90', active: false },
    ]);
  });

  it('detects comma separators and English headers with a BOM', () => {
    const r = parseProductCsv(
      '\uFEFFname,description,price,active\r\nPão,"Francês, fresco",0.5,true\r\n',
    );
    expect(r.rows).toEqual([
      {
        line: 2,
        id: undefined,
        name: 'Pão',
        description: 'Francês, fresco',
        price: '0.50',
        active: true,
      },
    ]);
  });

  it('finds the separator on the header even after blank lines', () => {
    const r = parseProductCsv('\n\nnome,preco\nA,"1,50"\n');
    expect(r.rows).toEqual([
      { line: 4, id: undefined, name: 'A', description: '', price: '1.50', active: true },
    ]);
  });

  it('accepts header aliases with accents and status words', () => {
    const text = 'Nome;Descrição;Valor;Status\nA;;R$ 10;ativo\nB;;10;inativo\nC;;10;0\nD;;10;\n';
    expect(parseProductCsv(text).rows.map((r) => r.active)).toEqual([true, false, false, true]);
  });

  it('reports errors with the spreadsheet line, skipping empty lines', () => {
    const text = [
      'nome;preco',
      'Bom;10',
      '',
      ';10',
      'Sem preço;',
      'Caro;dez reais',
      ';;',
      'Status;5;talvez',
    ].join('\n');
    const r = parseProductCsv(text.replace('Status;5;talvez', 'Status;5'));
    expect(r.rows.map((x) => x.line)).toEqual([2, 8]);
    expect(r.errors).toEqual([
      { line: 4, message: 'Linha 4: Nome do produto é obrigatório' },
      { line: 5, message: 'Linha 5: Preço é obrigatório' },
      { line: 6, message: 'Linha 6: Preço deve ser um número válido' },
    ]);
    const bad = parseProductCsv('nome;preco;ativo\nX;1;talvez');
    expect(bad.errors).toEqual([{ line: 2, message: 'Linha 2: Ativo deve ser sim ou não' }]);
  });

  it('counts a quoted cell spanning lines as one spreadsheet row', () => {
    const r = parseProductCsv('nome;descricao;preco\nA;"linha 1\nlinha 2";1\nB;;x');
    expect(r.rows[0]?.description).toBe('linha 1\nlinha 2');
    expect(r.errors).toEqual([{ line: 3, message: 'Linha 3: Preço deve ser um número válido' }]);
  });

  it('reports later lines repeating a name (accents and case ignored) and keeps the first', () => {
    const r = parseProductCsv('nome;preco\nCafé;1\nPão;2\ncafe;3\n');
    expect(r.rows.map((x) => x.name)).toEqual(['Café', 'Pão']);
    expect(r.duplicates).toEqual([{ line: 4, name: 'cafe', firstLine: 2 }]);
  });

  it('requires the name and price columns in the header', () => {
    expect(parseProductCsv('produto;quantidade\nA;1').errors).toEqual([
      { line: 1, message: 'Linha 1: Cabeçalho deve ter as colunas nome e preco' },
    ]);
    expect(parseProductCsv('\n\n').errors[0]?.message).toBe('Linha 1: O arquivo está vazio');
  });

  it('strips control characters and a neutralising apostrophe, validates client ids', () => {
    const id = '0b8f5a4e-5f0c-4a57-9d2a-3f7c2f1e9a10';
    const r = parseProductCsv(`id;nome;preco\n${id.toUpperCase()};"'=Caf\u0000é";5\nnao-uuid;X;1`);
    expect(r.rows).toEqual([
      { line: 2, id, name: '=Café', description: '', price: '5.00', active: true },
    ]);
    expect(r.errors).toEqual([{ line: 3, message: 'Linha 3: Identificador inválido' }]);
  });

  it('stops at the row limit and says so', () => {
    const r = parseProductCsv('nome;preco\nA;1\nB;2\nC;3', 2);
    expect(r.rows).toHaveLength(2);
    expect(r.tooManyRows).toBe(true);
  });

  it('accepts 100,000 valid rows (the device limit) without losing any', () => {
    const lines = ['nome;descricao;preco;ativo'];
    for (let i = 0; i < 100_000; i++) lines.push(`Produto ${i};Descrição ${i};${i % 1000},90;sim`);
    const r = parseProductCsv(lines.join('\n'));
    // Speed is measured by bench/ (docs/benchmarks.md), not asserted here.
    expect(r.rows).toHaveLength(100_000);
    expect(r.errors).toEqual([]);
    expect(r.rows[99_999]).toMatchObject({ name: 'Produto 99999', price: '999.90', active: true });
  });
});

describe('exports', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const v of ['=1+1', '+55', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralizeCell(v)).toBe(`'${v}`);
    }
    expect(neutralizeCell('Café')).toBe('Café');
  });

  it('builds a BOM, semicolon, decimal-comma file that parses back to the same products', () => {
    const csv = buildProductCsv([
      { name: '=HYPERLINK("x")', description: 'a; "b"', price: '1234.50', active: false },
    ]);
    expect(csv.startsWith('\uFEFFnome;descricao;preco;ativo\r\n')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""x"")";"a; ""b""";1234,50;não`);
    expect(parseProductCsv(csv).rows[0]).toMatchObject({
      name: '=HYPERLINK("x")',
      description: 'a; "b"',
      price: '1234.50',
      active: false,
    });
  });

  it('adds an id column when rows carry client ids, so the import is an upsert', () => {
    const id = '0b8f5a4e-5f0c-4a57-9d2a-3f7c2f1e9a10';
    const csv = buildProductCsv([{ id, name: 'A', description: '', price: '1.00', active: true }]);
    expect(csv.split('\r\n')[0]).toBe('\uFEFFid;nome;descricao;preco;ativo');
    expect(parseProductCsv(csv).rows).toEqual([
      { line: 2, id, name: 'A', description: '', price: '1.00', active: true },
    ]);
  });

  it('offers a template with the header and two valid example rows', () => {
    const r = parseProductCsv(productCsvTemplate());
    expect(r.errors).toEqual([]);
    expect(r.rows).toHaveLength(2);
  });
});

describe('CSV written by the app (RFC 4180, through papaparse)', () => {
  it('quotes separators, quotes and line breaks and reads back the same products', () => {
    const rows = [
      {
        name: 'Camisa "Polo"; azul',
        description: 'Linha 1\nLinha 2, com vírgula',
        price: '59.90',
        active: true,
      },
      { name: 'Caneca', description: '', price: '1.50', active: false },
    ];
    const text = buildProductCsv(rows);
    expect(text.startsWith('\uFEFFnome;descricao;preco;ativo\r\n')).toBe(true);
    expect(text).toContain('"Camisa ""Polo""; azul";"Linha 1\nLinha 2, com vírgula";59,90;sim\r\n');
    const parsed = parseProductCsv(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual([
      expect.objectContaining({
        name: 'Camisa "Polo"; azul',
        description: 'Linha 1\nLinha 2, com vírgula',
        price: '59.90',
        active: true,
      }),
      expect.objectContaining({ name: 'Caneca', price: '1.50', active: false }),
    ]);
  });
});
