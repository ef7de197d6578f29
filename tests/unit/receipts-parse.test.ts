/** Evolution's messages.update → receipts, and the report's status and rates from them. */
import { describe, expect, it } from 'vitest';
import { reportRates, shownStatus } from '../../server/services/campaigns/recipient-status';
import { csvCell } from '../../server/services/campaigns/report-csv';
import { parseEvolutionWebhook } from '../../server/services/whatsapp/evolution-webhook';

const update = (data: unknown) => ({
  event: 'messages.update',
  instance: 'tali-x',
  date_time: '2026-11-25T12:00:00.000Z',
  data,
});

describe('messages.update', () => {
  it('maps the statuses, keeps the instance and the time, drops what is not a receipt', () => {
    const events = parseEvolutionWebhook(
      update([
        { keyId: 'A', fromMe: true, status: 'DELIVERY_ACK', messageId: 'row-1' },
        { keyId: 'B', fromMe: true, status: 'READ' },
        { keyId: 'C', fromMe: true, status: 'PLAYED' },
        { keyId: 'D', fromMe: true, status: 'ERROR' },
        { keyId: 'E', fromMe: true, status: 'SERVER_ACK' },
        { keyId: 'F', fromMe: true, status: 'PENDING' },
        { keyId: 'G', fromMe: true, status: 'DELETED' },
        { keyId: 'H', fromMe: false, status: 'READ' },
        { fromMe: true, status: 'READ' },
      ]),
    );
    expect(events.map((e) => e.type === 'receipt' && [e.messageId, e.status])).toEqual([
      ['A', 'delivered'],
      ['B', 'read'],
      ['C', 'read'],
      ['D', 'failed'],
      ['E', 'server'],
    ]);
    expect(events[0]).toMatchObject({
      instance: 'tali-x',
      at: new Date('2026-11-25T12:00:00.000Z'),
    });
  });

  it("an older shape's key.id is read too; a body that is not an object is refused", () => {
    expect(
      parseEvolutionWebhook(update({ key: { id: 'K' }, fromMe: true, status: 'READ' })),
    ).toMatchObject([{ messageId: 'K', status: 'read' }]);
    expect(() => parseEvolutionWebhook(update('x'))).toThrow('Corpo do webhook inválido');
  });
});

describe('report status and rates', () => {
  const base = {
    settledAt: new Date(1),
    lastError: null,
    deliveredAt: null,
    readAt: null,
    failedAt: null,
  };
  it('read beats delivered beats ERROR; receipts only refine sent rows', () => {
    const at = new Date(5);
    const sent = { ...base, status: 'sent' };
    expect(shownStatus({ ...sent, deliveredAt: at, readAt: at, failedAt: at }).status).toBe('read');
    expect(shownStatus({ ...sent, deliveredAt: at, failedAt: at }).status).toBe('delivered');
    expect(shownStatus({ ...sent, failedAt: at }).status).toBe('failed');
    expect(shownStatus({ ...base, status: 'sending', readAt: at }).status).toBe('pending');
    expect(shownStatus({ ...base, status: 'unconfirmed', readAt: at }).status).toBe('unconfirmed');
  });

  it('rates are whole percents of the total, each including the stages after it', () => {
    const counts = {
      total: 8,
      pending: 1,
      sent: 2,
      delivered: 2,
      read: 2,
      unconfirmed: 0,
      failed: 1,
      skipped: 3,
    };
    expect(reportRates(counts)).toEqual({ sent: 75, delivered: 50, read: 25, failed: 13 });
    expect(reportRates({ ...counts, total: 0 })).toEqual({
      sent: 0,
      delivered: 0,
      read: 0,
      failed: 0,
    });
  });
});

describe('CSV cells', () => {
  it('quotes the separator, quotes and line breaks; neutralises formulas', () => {
    expect(csvCell('Ana')).toBe('Ana');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvCell('linha\r\noutra')).toBe('"linha\r\noutra"');
    for (const f of ['=1+1', '+55', '-2', '@SOMA(A1)']) expect(csvCell(f)).toBe(`'${f}`);
    expect(csvCell('=A1;B1')).toBe(`"'=A1;B1"`);
  });
});
