import { describe, expect, it } from 'vitest';
import { csvFile } from '~/domain/csv-text';
import { campaignsCsv } from './campaigns-section';
import { salesCsv } from './sales-section';

describe("the reports' CSV for Excel-BR", () => {
  it('has a BOM, `;` separators, CRLF lines, decimal commas and neutralised cells', () => {
    const text = csvFile(
      campaignsCsv([
        {
          id: 'c1',
          titulo: '=HYPERLINK("x";"Promo")',
          startedAt: '2026-03-09T12:00:00Z',
          costCents: 2500,
          orders: 1,
          revenueCents: 10_550,
          return: 4.22,
          deliveredRate: 75,
          readRate: 30.5,
        },
      ]),
    );
    expect(text.startsWith('\uFEFFCampanha;Custo (R$);Pedidos;')).toBe(true);
    const line = text.split('\r\n')[1];
    expect(line).toBe(`"'=HYPERLINK(""x"";""Promo"")";25,00;1;105,50;4,22;75;30,5`);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('writes the sales of the period beside the period before', () => {
    const day = { day: '2026-03-09', revenueCents: 13_550, orders: 2 };
    const sales = {
      revenueCents: 13_550,
      orders: 2,
      averageTicketCents: 6_775,
      feesCents: 500,
      cancelled: 1,
      byDay: [day],
      paidCents: 10_500,
      toBePaidCents: 5_050,
    };
    const rows = salesCsv(sales, { ...sales, revenueCents: 4_000, byDay: [] });
    expect(rows[1]).toEqual(['Faturamento (R$)', '135,50', '40,00']);
    expect(rows.at(-1)).toEqual(['09/03/2026', '135,50', '2']);
  });
});
