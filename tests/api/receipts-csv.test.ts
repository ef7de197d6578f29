/** GET /api/campanhas/:id/relatorio.csv: opens in Excel-BR (`;`, BOM), RFC 4180, no formulas. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSendingHarness } from './campaign-sending-harness';
import { send } from './fixtures';
import { type Harness, playUpdate, sentCampaign } from './receipts-harness';

let h: Harness;
beforeAll(async () => {
  h = await startSendingHarness();
});
afterAll(async () => {
  await h.fake.close();
  await h.t.close();
});

async function csvOf(token: string, id: string) {
  const res = await h.t.app.request(`/api/campanhas/${id}/relatorio.csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** RFC 4180 reader (quoted fields, doubled quotes, CRLF inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('report CSV', () => {
  it('BOM, `;`, CRLF, quoted cells, formulas neutralised, statuses in Portuguese', async () => {
    const { owner, id, ids } = await sentCampaign(h, [
      { name: 'Ana; "a Rainha"', phone: '11911110001' },
      { name: '=HYPERLINK("http://mal.example","clique")', phone: '11911110002' },
      { name: '@Bia', phone: '11911110003' },
      { name: 'Caio', phone: '11911110004', optedOut: true },
    ]);
    await playUpdate(h, owner.storeId, ids.get('11911110001') ?? '', 'READ');
    await playUpdate(h, owner.storeId, ids.get('11911110003') ?? '', 'DELIVERY_ACK');
    const { res, bytes } = await csvOf(owner.token, id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="relatorio-promo.csv"',
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toBe('Nome;Telefone;Situação;Data;Motivo');
    expect(text).toContain('"Ana; ""a Rainha"""');
    const rows = parseCsv(text);
    expect(rows).toHaveLength(5);
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byName.get('Ana; "a Rainha"')?.slice(1, 4)).toEqual([
      '(11) 91111-0001',
      'Lida',
      // When it was read, on the store's clock.
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    ]);
    // A formula is text in the spreadsheet: a leading apostrophe.
    expect(byName.get(`'=HYPERLINK("http://mal.example","clique")`)?.[2]).toBe('Enviada');
    expect(byName.get("'@Bia")?.[2]).toBe('Entregue');
    expect(byName.get('Caio')?.slice(2)).toEqual([
      'Saiu da lista',
      '',
      'Cliente pediu para não receber promoções (SAIR)',
    ]);
    expect(rows.every((r) => r.length === 5)).toBe(true);
  });

  it("another store's campaign and a bad id are 404; without a session 401", async () => {
    const a = await sentCampaign(h, [{ name: 'Ana', phone: '11911110001' }]);
    const b = await sentCampaign(h, [{ name: 'Bia', phone: '11911110002' }]);
    expect((await csvOf(b.owner.token, a.id)).res.status).toBe(404);
    expect((await csvOf(a.owner.token, 'nao-e-um-id')).res.status).toBe(404);
    const anon = await send(h.t, 'GET', `/api/campanhas/${a.id}/relatorio.csv`, {});
    expect(anon.status).toBe(401);
  });
});
