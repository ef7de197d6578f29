/** The Pix step's rules: what the modal shows, the countdown, when the payment is asked again. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentJson } from '~/domain/pix/payment';
import { ApiRequestError } from '~/lib/api';
import { sendCampaign } from './api';
import {
  acceptPoll,
  countdownLabel,
  countdownText,
  POLL_PENDING_MS,
  POLL_SETTLED_MS,
  paymentPhase,
  pollDelay,
  secondsLeft,
  settledText,
} from './payment-state';

const NOW = Date.parse('2026-11-23T13:00:00.000Z');
const charge = (over: Partial<PaymentJson> = {}): PaymentJson => ({
  id: '6f1c1d0e-8a4b-4c55-9d1e-3b2a1f0e9c11',
  campaignId: '0b7f3c2a-1d4e-4f6a-8b9c-2e1d0c3b4a59',
  valor: '25.00',
  status: 'pendente',
  pixQrCode: 'data:image/png;base64,AAA',
  pixCopiaECola: '00020101021226...6304ABCD',
  expiresAt: '2026-11-23T13:15:00.000Z',
  paidAt: null,
  refundReason: null,
  refundAmount: null,
  refundStatus: null,
  ...over,
});

describe('secondsLeft', () => {
  it('counts whole seconds up to the expiry, rounding up, and stops at 0', () => {
    expect(secondsLeft('2026-11-23T13:15:00.000Z', NOW)).toBe(900);
    expect(secondsLeft('2026-11-23T13:00:00.400Z', NOW)).toBe(1);
    expect(secondsLeft('2026-11-23T12:59:00.000Z', NOW)).toBe(0);
  });

  it('has nothing to count without a readable expiry', () => {
    expect(secondsLeft(null, NOW)).toBeNull();
    expect(secondsLeft('amanhã', NOW)).toBeNull();
  });
});

describe('paymentPhase', () => {
  it('follows the server: pago, expirado, cancelado and devolvido', () => {
    expect(paymentPhase(charge({ status: 'pago' }), NOW)).toBe('paid');
    expect(paymentPhase(charge({ status: 'expirado' }), NOW)).toBe('expired');
    expect(paymentPhase(charge({ status: 'cancelado' }), NOW)).toBe('cancelled');
    expect(paymentPhase(charge({ status: 'devolvido' }), NOW)).toBe('cancelled');
  });

  it('shows a pending charge as expired once its time ran out, before the server says so', () => {
    expect(paymentPhase(charge(), NOW)).toBe('pending');
    expect(paymentPhase(charge(), Date.parse('2026-11-23T13:14:59.500Z'))).toBe('pending');
    expect(paymentPhase(charge(), Date.parse('2026-11-23T13:15:00.000Z'))).toBe('expired');
  });

  it('a paid charge stays paid even after its expiry time', () => {
    expect(paymentPhase(charge({ status: 'pago' }), Date.parse('2026-11-23T14:00:00Z'))).toBe(
      'paid',
    );
  });

  it('a pending charge without expiry stays pending', () => {
    expect(paymentPhase(charge({ expiresAt: null }), NOW)).toBe('pending');
  });
});

describe('countdown', () => {
  it('reads minutes and seconds, hours only when there are some', () => {
    expect(countdownText(900)).toBe('15:00');
    expect(countdownText(65)).toBe('01:05');
    expect(countdownText(0)).toBe('00:00');
    expect(countdownText(3600)).toBe('1:00:00');
    expect(countdownText(-3)).toBe('00:00');
  });

  it('says it in words for screen readers', () => {
    expect(countdownLabel(845)).toBe('14 minutos e 5 segundos');
    expect(countdownLabel(61)).toBe('1 minuto e 1 segundo');
    expect(countdownLabel(120)).toBe('2 minutos');
    expect(countdownLabel(9)).toBe('9 segundos');
  });
});

describe('pollDelay', () => {
  it('asks every few seconds while the owner may be paying', () => {
    expect(pollDelay({ open: true, online: true, phase: 'pending' })).toBe(POLL_PENDING_MS);
    expect(POLL_PENDING_MS).toBeLessThanOrEqual(5_000);
  });

  it('keeps asking, less often, after expiry: a last-second payment can still be confirmed', () => {
    expect(pollDelay({ open: true, online: true, phase: 'expired' })).toBe(POLL_SETTLED_MS);
    expect(pollDelay({ open: true, online: true, phase: 'cancelled' })).toBe(POLL_SETTLED_MS);
  });

  it('stops when the modal is closed, the phone is offline, or the payment is in', () => {
    expect(pollDelay({ open: false, online: true, phase: 'pending' })).toBeNull();
    expect(pollDelay({ open: true, online: false, phase: 'pending' })).toBeNull();
    expect(pollDelay({ open: true, online: true, phase: 'paid' })).toBeNull();
  });
});

describe('acceptPoll', () => {
  it('takes the answer about the shown charge', () => {
    const shown = charge();
    expect(acceptPoll(shown, charge({ status: 'pago' })).status).toBe('pago');
  });

  it('ignores a late answer about a charge already replaced by a new code', () => {
    const renewed = charge({ id: 'c2a1b3d4-0000-4000-8000-000000000001' });
    expect(acceptPoll(renewed, charge({ status: 'expirado' }))).toBe(renewed);
  });
});

describe('settledText', () => {
  it('says why the code can no longer be paid', () => {
    expect(settledText(charge({ status: 'expirado' }), 'expired')).toBe(
      'Este código Pix expirou. Gere um novo código para enviar a campanha.',
    );
    expect(settledText(charge(), 'expired')).toContain('expirou');
    expect(settledText(charge({ status: 'cancelado' }), 'cancelled')).toBe(
      'Esta cobrança foi cancelada. Gere um novo código para enviar a campanha.',
    );
  });

  it('a refund says so, with the server’s reason and the devolução’s true state', () => {
    const refunded = charge({
      status: 'devolvido',
      refundReason: 'Campanha cancelada',
      refundAmount: '25.00',
      refundStatus: 'EM_PROCESSAMENTO',
    });
    expect(settledText(refunded, 'cancelled')).toBe(
      'Devolução em processamento: R$\u00a025,00 volta para a conta que pagou o Pix. Campanha cancelada. Para enviar a campanha, gere um novo código.',
    );
    expect(settledText({ ...refunded, refundStatus: 'DEVOLVIDO' }, 'cancelled')).toBe(
      'Devolvido: R$\u00a025,00. Campanha cancelada. Para enviar a campanha, gere um novo código.',
    );
    expect(settledText({ ...refunded, refundStatus: 'NAO_REALIZADO' }, 'cancelled')).toContain(
      'O banco não concluiu a devolução de R$\u00a025,00. Confira se a conta que pagou o Pix ainda está aberta e fale com o suporte do Talí informando o código 6f1c1d0e',
    );
    expect(settledText(charge({ status: 'devolvido' }), 'cancelled')).toBe(
      'O valor foi devolvido. Para enviar a campanha, gere um novo código.',
    );
  });
});

describe("sendCampaign ('Enviar')", () => {
  const answers: Response[] = [];
  beforeEach(() => {
    answers.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const next = answers.shift();
        if (!next) throw new TypeError('Failed to fetch');
        return next;
      }),
    );
    vi.stubGlobal('localStorage', { getItem: () => 'token-de-teste' });
  });
  afterEach(() => vi.unstubAllGlobals());
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('reads a 402 as the Pix charge to pay', async () => {
    const payment = charge();
    answers.push(
      json(402, { message: 'Pague o Pix para enviar a campanha', payment, recipientCount: 3 }),
    );
    expect(await sendCampaign(payment.campaignId)).toEqual({
      kind: 'payment',
      message: 'Pague o Pix para enviar a campanha',
      payment,
      recipientCount: 3,
    });
  });

  it('a 402 without the count still opens the payment (the review’s count stands)', async () => {
    answers.push(json(402, { message: 'Pague o Pix', payment: charge() }));
    const answer = await sendCampaign('x');
    expect(answer).toMatchObject({ kind: 'payment', recipientCount: null });
  });

  it('reads a 200 as the campaign sent (payments off or already paid)', async () => {
    answers.push(json(200, { id: 'x', status: 'agendado' }));
    const answer = await sendCampaign('x');
    expect(answer.kind).toBe('sent');
  });

  it('a 402 without a usable charge is an error with the server’s message', async () => {
    answers.push(json(402, { message: 'Pagamento necessário', payment: { id: 1 } }));
    const error = await sendCampaign('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('Pagamento necessário');
  });

  it('a PSP failure stays an error the flow reports', async () => {
    answers.push(json(502, { message: 'Não foi possível gerar a cobrança Pix. Tente novamente.' }));
    await expect(sendCampaign('x')).rejects.toMatchObject({ status: 502 });
  });
});
