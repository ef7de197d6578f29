import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, parseCustomerCsv } from './customer-csv';

describe('customer CSV (issue 22)', () => {
  it('reads the Brazilian form: BOM, `;`, Latin-1, labels comma-separated', () => {
    const text = 'nome;telefone;etiquetas\r\nJoão Silva;(11) 98765-4321;VIP, Atacado\r\n';
    // Latin-1 bytes ('ã' is 0xE3), as Excel-BR saves them.
    const bytes = Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    const parsed = parseCustomerCsv(decodeCsvBytes(bytes));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual([
      { line: 2, name: 'João Silva', phone: '11987654321', labels: ['VIP', 'Atacado'] },
    ]);
    const bom = parseCustomerCsv('\uFEFFCelular;Nome\n+55 21 99876-5432;Ana\n');
    // Columns found by name, whatever their order and case; no etiquetas column: no labels.
    expect(bom.errors).toEqual([]);
    expect(bom.rows).toEqual([{ line: 2, name: 'Ana', phone: '21998765432', labels: [] }]);
  });

  it("says each line's problem with the spreadsheet's line number", () => {
    const parsed = parseCustomerCsv(
      ['nome,telefone,etiquetas', ',11987654321,', 'Ana,123,', '', 'Bia,11987654322,"x,y"'].join(
        '\n',
      ),
    );
    expect(parsed.errors).toEqual([
      { line: 2, message: 'Linha 2: Nome é obrigatório' },
      { line: 3, message: 'Linha 3: Telefone inválido' },
    ]);
    expect(parsed.rows).toEqual([
      { line: 5, name: 'Bia', phone: '11987654322', labels: ['x', 'y'] },
    ]);
  });

  it('one customer per phone: the one phone function decides, the later line is listed', () => {
    const parsed = parseCustomerCsv(
      'nome;telefone\nAna;11987654321\nAna de novo;+55 (11) 98765-4321\n',
    );
    expect(parsed.rows.map((r) => r.line)).toEqual([2]);
    expect(parsed.duplicates).toEqual([{ line: 3, phone: '11987654321', firstLine: 2 }]);
  });

  it('asks for the nome and telefone columns, and refuses an empty file', () => {
    expect(parseCustomerCsv('nome;email\nAna;a@b.c').errors[0]?.message).toBe(
      'Linha 1: Cabeçalho deve ter as colunas nome e telefone',
    );
    expect(parseCustomerCsv('\n\n').errors[0]?.message).toBe('Linha 1: O arquivo está vazio');
  });

  it('neutralised formula cells come back as typed; labels repeated in a cell count once', () => {
    const parsed = parseCustomerCsv("nome;telefone;etiquetas\n'=Ana;11987654321;VIP, vip ,VIP\n");
    expect(parsed.rows[0]).toMatchObject({ name: '=Ana', labels: ['VIP'] });
  });
});
