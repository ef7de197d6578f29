/**
 * The open Pix charge while its modal shows: a 1 s clock for the countdown, and the payment asked
 * again (GET /api/pagamentos/{id}) every few seconds while it may still be paid. Nothing is asked
 * while the modal is closed or the phone is offline; it resumes at once when the connection comes
 * back or the owner returns from the bank app.
 */
import { useEffect, useRef, useState } from 'react';
import type { PaymentJson } from '~/domain/pix/payment';
import { ApiRequestError } from '~/lib/api';
import { fetchPayment } from './api';
import {
  acceptPoll,
  type PaymentPhase,
  paymentPhase,
  pollDelay,
  secondsLeft,
} from './payment-state';

type Options = {
  payment: PaymentJson | null;
  open: boolean;
  online: boolean;
  /** Called once per charge when the server says it is paid. */
  onPaid: (payment: PaymentJson) => void;
};

export type PixPaymentView = {
  payment: PaymentJson | null;
  phase: PaymentPhase;
  secondsLeft: number | null;
  /** The server refused to show the payment (not a network failure): its message. */
  problem: string | null;
};

function useClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export function usePixPayment({ payment, open, online, onPaid }: Options): PixPaymentView {
  const [current, setCurrent] = useState<PaymentJson | null>(payment);
  const [problem, setProblem] = useState<string | null>(null);
  /** When the shown status was last heard from the server (the 402 counts). */
  const checkedAt = useRef(0);
  const paidFor = useRef<string | null>(null);
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  // A new charge (first 402, or a new code after expiry) replaces whatever was shown.
  useEffect(() => {
    setCurrent(payment);
    setProblem(null);
    checkedAt.current = Date.now();
  }, [payment]);

  const now = useClock(open && current !== null && current.status !== 'pago');
  const phase = current ? paymentPhase(current, now) : 'pending';

  // Back from the bank app: ask at once rather than at the next tick.
  const [returns, setReturns] = useState(0);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      checkedAt.current = 0;
      setReturns((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useEffect(() => {
    if (current && phase === 'paid' && paidFor.current !== current.id) {
      paidFor.current = current.id;
      onPaidRef.current(current);
    }
  }, [current, phase]);

  const id = current?.id ?? null;
  const delay = id ? pollDelay({ open, online, phase }) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `returns` means "ask now"
  useEffect(() => {
    if (id === null || delay === null) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await fetchPayment(id);
        if (cancelled) return;
        checkedAt.current = Date.now();
        setProblem(null);
        setCurrent((shown) => (shown ? acceptPoll(shown, answer) : shown));
      } catch (error) {
        if (cancelled) return;
        checkedAt.current = Date.now();
        // No answer at all: the offline note covers it; a refusal is worth showing.
        if (error instanceof ApiRequestError) setProblem(error.message);
      }
      if (!cancelled) timer = setTimeout(ask, delay);
    };
    const since = Date.now() - checkedAt.current;
    timer = setTimeout(ask, Math.max(0, delay - since));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [id, delay, returns]);

  return {
    payment: current,
    phase,
    secondsLeft: current ? secondsLeft(current.expiresAt, now) : null,
    problem,
  };
}
