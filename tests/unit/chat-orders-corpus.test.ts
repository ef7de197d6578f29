/**
 * The rule-based chat order reading (issue 39) on the corpus of real-looking order messages
 * (tests/fixtures/chat-orders.json): at least 90% exactly right, and never a wrong cart given
 * without asking — a message it cannot read exactly must become a question or be left to the
 * owner, on the messages it was tuned on and on the ones written after.
 */
import { describe, expect, it } from 'vitest';
import { chatCatalogue } from '../../src/domain/chat-order/catalogue';
import { parseOrder } from '../../src/domain/chat-order/parse';
import { ambiguityQuestion, cartSummary } from '../../src/domain/chat-order/summary';
import { defaultDeliverySettings } from '../../src/domain/delivery';
import { corpusMessages, corpusProducts, heldOutMessages, score } from './chat-order-score';

describe('the chat order corpus', () => {
  it('has at least 150 messages, every expected cart naming a product of the catalogue', () => {
    expect(corpusMessages.length + heldOutMessages.length).toBeGreaterThanOrEqual(150);
    expect(corpusMessages.length).toBeGreaterThanOrEqual(150);
  });

  it('reads at least 90% exactly right and never gives a wrong cart without asking', () => {
    const { counts, rate, misses } = score(corpusMessages);
    expect(counts.wrong, misses.join('\n')).toBe(0);
    expect(rate, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('never gives a wrong cart on the messages written after the tuning either', () => {
    const { counts, rate, misses } = score(heldOutMessages);
    expect(counts.wrong, misses.join('\n')).toBe(0);
    expect(rate, misses.join('\n')).toBeGreaterThanOrEqual(0.8);
  });
});

describe('what the customer reads', () => {
  const catalogue = chatCatalogue(corpusProducts);

  it('asks between the names that fit, never guesses', () => {
    const { asks, ops } = parseOrder('quero 2 coxinhas', catalogue);
    expect(ops).toEqual([]);
    const [ask] = asks;
    expect(ask?.kind === 'ambiguous' && ambiguityQuestion(ask.options)).toBe(
      'Temos Coxinha de catupiry e Coxinha de frango: qual?',
    );
  });

  it('summarises with prices, pickup, payment and total, and asks for SIM', () => {
    const summary = cartSummary(
      {
        items: [{ productId: 'p01', name: 'Coxinha de frango', quantity: 2, unitPriceCents: 600 }],
        delivery: 'retirada',
        address: null,
        bairro: null,
        paymentMethod: 'pix',
      },
      { settings: defaultDeliverySettings(), methods: ['pix', 'dinheiro', 'cartao'] },
    );
    expect(summary.text).toBe(
      'Seu pedido:\n• 2 × Coxinha de frango — R$ 12,00\nRetirada na loja\nPagamento: Pix\nTotal: R$ 12,00\n\nResponda SIM para confirmar.',
    );
  });
});
