import { describe, expect, it } from 'vitest';
import { orderMessage, orderTotalCents, whatsappOrderLink } from './storefront-order';

describe('storefront order message', () => {
  const lines = [
    { name: 'Pão de queijo', quantity: 2, priceCents: 590 },
    { name: 'Café & leite', quantity: 1, priceCents: 500 },
  ];

  it('lists every item with its quantity and subtotal, then the total', () => {
    expect(orderMessage(lines)).toBe(
      'Olá! Quero fazer um pedido:\n2 × Pão de queijo — R$ 11,80\n1 × Café & leite — R$ 5,00\nTotal: R$ 16,80',
    );
    expect(orderTotalCents(lines)).toBe(1680);
  });

  it('adds cents exactly (no binary float drift)', () => {
    expect(
      orderTotalCents([
        { name: 'x', quantity: 3, priceCents: 10 },
        { name: 'y', quantity: 1, priceCents: 20 },
      ]),
    ).toBe(50);
  });

  it('builds a wa.me link with the country code and the text encoded', () => {
    const link = whatsappOrderLink('31998761234', 'Olá & até\nlogo?');
    expect(link).toBe('https://wa.me/5531998761234?text=Ol%C3%A1%20%26%20at%C3%A9%0Alogo%3F');
    expect(new URL(link).searchParams.get('text')).toBe('Olá & até\nlogo?');
  });
});
