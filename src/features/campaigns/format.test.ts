import { describe, expect, it } from 'vitest';
import type { Campaign } from './api';
import {
  canCancel,
  delayedStartText,
  formatDateTime,
  formatIso,
  formatLocalDateTime,
  limitBadge,
  limitReachedText,
  ordersText,
  scheduleText,
  sentCountText,
  statusLabel,
  submitLabel,
} from './format';

describe('campaign dates', () => {
  it('shows a datetime-local value as DD/MM/YYYY, HH:MM without shifting it', () => {
    expect(formatLocalDateTime('2026-11-28T09:05')).toBe('28/11/2026, 09:05');
    expect(formatLocalDateTime('2026-01-02T23:59:00')).toBe('02/01/2026, 23:59');
  });

  it('shows a Date in the device time as DD/MM/YYYY, HH:MM', () => {
    expect(formatDateTime(new Date(2026, 10, 3, 7, 4))).toBe('03/11/2026, 07:04');
  });

  it('shows nothing for a missing or unreadable instant', () => {
    expect(formatIso(null)).toBe('');
    expect(formatIso('not a date')).toBe('');
    expect(formatIso(new Date(2026, 0, 15, 13, 30).toISOString())).toBe('15/01/2026, 13:30');
  });

  it("says 'Imediato' for send-now and the date for a scheduled campaign", () => {
    expect(scheduleText({ sendNow: true, scheduledDate: null })).toBe('Imediato');
    expect(scheduleText({ sendNow: false, scheduledDate: '2026-11-28T09:00' })).toBe(
      '28/11/2026, 09:00',
    );
  });
});

describe('delayed start note', () => {
  const now = new Date(2026, 10, 23, 22, 10);

  it('says when sending really begins when the server starts at the next opening', () => {
    const startsAt = new Date(2026, 10, 24, 8, 0).toISOString();
    expect(delayedStartText({ sendNow: true, scheduledDate: null, startsAt }, now)).toBe(
      'O envio começa às 08:00 de 24/11/2026, no horário permitido para mensagens',
    );
  });

  it('says nothing when the campaign starts when asked', () => {
    expect(
      delayedStartText({ sendNow: true, scheduledDate: null, startsAt: now.toISOString() }, now),
    ).toBeNull();
    const asked = '2026-11-28T09:00';
    expect(
      delayedStartText(
        { sendNow: false, scheduledDate: asked, startsAt: new Date(asked).toISOString() },
        now,
      ),
    ).toBeNull();
    expect(
      delayedStartText({ sendNow: true, scheduledDate: null, startsAt: null }, now),
    ).toBeNull();
  });

  it('compares a scheduled campaign with its own time, not with now', () => {
    const startsAt = new Date(2026, 10, 29, 8, 0).toISOString();
    expect(
      delayedStartText({ sendNow: false, scheduledDate: '2026-11-28T21:30', startsAt }, now),
    ).toBe('O envio começa às 08:00 de 29/11/2026, no horário permitido para mensagens');
  });
});

describe('status, limit and button labels', () => {
  it('labels known statuses and shows any other value as it is', () => {
    expect(statusLabel('agendado')).toBe('Agendado');
    expect(statusLabel('em andamento')).toBe('Em andamento');
    expect(statusLabel('pausado')).toBe('Pausado');
    expect(statusLabel('enviado')).toBe('Enviado');
    expect(statusLabel('cancelado')).toBe('Cancelado');
    expect(statusLabel('falhou')).toBe('falhou');
  });

  it('lets only scheduled campaigns be cancelled', () => {
    expect(canCancel({ status: 'agendado' })).toBe(true);
    for (const status of ['em andamento', 'enviado', 'cancelado', 'pausado'])
      expect(canCancel({ status })).toBe(false);
  });

  it("shows 'n/limit hoje' and turns destructive when nothing remains", () => {
    expect(limitBadge({ dailyLimit: 3, dailySent: 1, remaining: 2 })).toEqual({
      text: '1/3 hoje',
      exhausted: false,
    });
    expect(limitBadge({ dailyLimit: 1, dailySent: 1, remaining: 0 })).toEqual({
      text: '1/1 hoje',
      exhausted: true,
    });
  });

  it("labels the button 'Revisar', 'Processando...' or 'Limite diário atingido'", () => {
    expect(submitLabel({ busy: false, exhausted: false })).toBe('Revisar');
    expect(submitLabel({ busy: true, exhausted: false })).toBe('Processando...');
    expect(submitLabel({ busy: false, exhausted: true })).toBe('Limite diário atingido');
  });

  it('words the limit and the deliveries as the spec does', () => {
    expect(limitReachedText(2)).toBe('Você já atingiu o limite de 2 campanha(s) por dia');
    expect(sentCountText({ sentCount: '12' } as Campaign)).toBe('Envios realizados: 12');
    expect(sentCountText({ sentCount: '' } as Campaign)).toBe('Envios realizados: 0');
  });
});

describe('orders a campaign brought back', () => {
  it('reads count and total with the right noun, and nothing when none', () => {
    expect(ordersText({ count: 3, total: '142.50' })).toBe('3 pedidos · R$\u00a0142,50');
    expect(ordersText({ count: 1, total: '47.50' })).toBe('1 pedido · R$\u00a047,50');
    expect(ordersText({ count: 0, total: '0.00' })).toBeNull();
    expect(ordersText(undefined)).toBeNull();
  });
});
