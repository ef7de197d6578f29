/**
 * The chat orders' tests' world (issue 39): the conversations' world (Evolution stand-in,
 * clock, push) with a lanchonete's catalogue, its delivery zones and minimum, and a Pix key.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { products, stores } from '../../server/db/schema';
import type { ApiCart } from '../../server/services/chat-orders/cart-view';
import type { Owner, World } from './conversations-harness';

export const MENU = {
  frango: { name: 'Coxinha de frango', price: '6.00', stock: 10 },
  catupiry: { name: 'Coxinha de catupiry', price: '6.50', stock: null },
  guarana: { name: 'Guaraná lata', price: '5.00', stock: 5 },
  sonho: { name: 'Sonho', price: '6.00', stock: 0 },
  torta: { name: 'Torta de palmito', price: '9.00', stock: null, active: false },
} as const;
export type Menu = Record<keyof typeof MENU, string>;

export const PIX_KEY = 'pix@lanchonete.com.br';

/** A connected store selling MENU (ids returned), delivering to Centro and Vila Nova for R$ 5,00. */
export async function lanchonete(w: World, options: { pix?: boolean } = {}) {
  const owner = await w.connectedStore({ withProducts: false });
  const ids = {} as Menu;
  for (const [key, p] of Object.entries(MENU)) {
    const id = randomUUID();
    ids[key as keyof typeof MENU] = id;
    await w.t.db.insert(products).values({ id, storeId: owner.storeId, active: true, ...p });
  }
  await w.t.db
    .update(stores)
    .set({
      pixKey: options.pix === false ? null : PIX_KEY,
      delivery: {
        retirada: true,
        entrega: true,
        zonas: [{ nome: 'Perto', bairros: ['Centro', 'Vila Nova'], taxa: '5.00', prazo: '' }],
        pedidoMinimo: '10.00',
        freteGratisAcima: null,
        aceitarPedidosFechada: true,
      },
    })
    .where(eq(stores.id, owner.storeId));
  return { owner, ids };
}

/** The customer writes; what the stand-in delivered to them in answer (joined). */
export async function say(w: World, owner: Owner, phone: string, text: string, id?: string) {
  const before = w.deliveredTo(owner, phone).length;
  await w.incoming(owner, text, { from: phone, name: 'Maria Souza', ...(id ? { id } : {}) });
  return w.deliveredTo(owner, phone).slice(before).join('\n\n');
}

export async function cartOf(w: World, owner: Owner, phone: string) {
  return w.api<{ cart: ApiCart | null; message?: string }>(
    owner,
    'GET',
    `/api/conversas/${phone}/carrinho`,
  );
}

export type OrderRow = {
  id: string;
  code: string;
  total: string;
  status: string;
  customerPhone: string;
  deliveryFee: string;
  paymentMethod: string;
  bairro: string | null;
  items: { productId: string; name: string; quantity: number; unitPrice: string }[];
};

export async function ordersOf(w: World, owner: Owner) {
  return (await w.api<OrderRow[]>(owner, 'GET', '/api/pedidos')).body;
}
