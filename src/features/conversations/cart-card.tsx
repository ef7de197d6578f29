/**
 * 'Pedido em montagem': the order the assistant is putting together in this chat, when the
 * server has one (GET /api/conversas/:phone/carrinho). Nothing offline, on 404 (a server without
 * the route) or when there is none.
 */
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { formatBRL } from '~/domain/money';
import { useOnline } from '~/lib/use-online';
import { surface } from '~/ui/styles';
import { type ChatCart, fetchCart } from './api';

function useCart(phone: string, lastMessageAt: string | undefined): ChatCart | null {
  const online = useOnline();
  const [cart, setCart] = useState<ChatCart | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message may change the cart
  useEffect(() => {
    if (!online) {
      setCart(null);
      return;
    }
    const abort = new AbortController();
    fetchCart(phone, abort.signal).then(
      (answer) => setCart(answer),
      () => setCart(null),
    );
    return () => abort.abort();
  }, [phone, online, lastMessageAt]);
  return cart;
}

export function CartCard({ phone, lastMessageAt }: { phone: string; lastMessageAt?: string }) {
  const cart = useCart(phone, lastMessageAt);
  if (!cart || cart.items.length === 0) return null;
  return (
    <section
      aria-label="Pedido em montagem"
      data-testid="chat-cart"
      className={css(surface, { p: '3', mb: '4', bg: 'green.50', borderColor: 'green.200' })}
    >
      <h2 className={css({ fontWeight: 'semibold', mb: '1' })}>Pedido em montagem</h2>
      <ul className={css({ fontSize: 'sm' })}>
        {cart.items.map((item) => (
          <li
            key={item.productId}
            className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}
          >
            <span>
              {item.quantity} × {item.name}
            </span>
            <span>{formatBRL((item.quantity * item.unitPriceCents) / 100)}</span>
          </li>
        ))}
      </ul>
      <p className={css({ display: 'flex', justifyContent: 'space-between', mt: '1' })}>
        <strong>Total</strong>
        <strong>{formatBRL(cart.totalCents / 100)}</strong>
      </p>
    </section>
  );
}
