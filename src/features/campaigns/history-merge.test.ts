import { describe, expect, it } from 'vitest';
import type { Campaign } from './api';
import { appendPage, mergeFirstPage, pollInterval } from './history-merge';

const c = (id: string, status = 'enviado', sentCount = '0'): Campaign => ({
  id,
  titulo: id,
  mensagem: 'm',
  imageUrl: null,
  status,
  sentCount,
  scheduledDate: null,
  sendNow: true,
  sentAt: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  confirmedAt: '2026-11-23T10:00:00.000Z',
  recipientCount: 3,
  startsAt: null,
  pauseReason: null,
});

describe('history pages', () => {
  it('puts a new campaign on top and updates the ones the first page covers', () => {
    const merged = mergeFirstPage(
      [c('b', 'em andamento', '1'), c('a')],
      [c('new'), c('b', 'enviado', '3')],
    );
    expect(merged.map((x) => [x.id, x.status, x.sentCount])).toEqual([
      ['new', 'enviado', '0'],
      ['b', 'enviado', '3'],
      ['a', 'enviado', '0'],
    ]);
  });

  it('lists a campaign once when pages shift after a new one was added', () => {
    const merged = appendPage([c('x'), c('y')], [c('y', 'cancelado'), c('z')]);
    expect(merged.map((x) => `${x.id}:${x.status}`)).toEqual([
      'x:enviado',
      'y:cancelado',
      'z:enviado',
    ]);
  });

  it('re-reads every 5 s while sending, every 30 s while waiting, never when all is settled', () => {
    expect(pollInterval([c('a'), c('b', 'em andamento')])).toBe(5_000);
    expect(pollInterval([c('a', 'agendado')])).toBe(30_000);
    expect(pollInterval([c('a', 'pausado')])).toBe(30_000);
    expect(pollInterval([c('a'), c('b', 'cancelado')])).toBeNull();
  });
});
