/** Orders from the storefront: their states, the column map, the owner's body and the device rows. */
import { z } from 'zod';
import { keysOf } from './choices';
import { ORDER_ITEMS } from './order-items';
import { PAYMENT_STATUSES, type PaymentStatus } from './order-payment';
import { childrenToDevice, type DeviceChildrenOf } from './sync/children';
import {
  editable,
  type FeedRowOf,
  type FieldsOfMap,
  field,
  type ListRowOf,
  syncedMap,
} from './sync/columns';
import { bodySchema, deviceRules, type LocalRowOf } from './sync/row-shape';
import { searchKey } from './text';

/** How the owner's screens name each state, in the order an order goes through them. */
export const STATUS_LABELS = {
  novo: 'Novo',
  confirmado: 'Confirmado',
  pronto: 'Pronto',
  entregue: 'Entregue',
  cancelado: 'Cancelado',
} as const;
export const ORDER_STATUSES = keysOf(STATUS_LABELS);
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** novo → confirmado → pronto → entregue; cancelado from any state but entregue (and itself). */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  novo: ['confirmado', 'cancelado'],
  confirmado: ['pronto', 'cancelado'],
  pronto: ['entregue', 'cancelado'],
  entregue: [],
  cancelado: [],
};

export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** The states an order can go to next, for the detail's buttons. */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

export function impossibleChangeMessage(from: OrderStatus, to: OrderStatus): string {
  return `Não é possível mudar um pedido ${STATUS_LABELS[from].toLowerCase()} para ${STATUS_LABELS[to].toLowerCase()}.`;
}

/**
 * The state an order in `status` came from, read from its timeline (each state has one way in
 * but 'cancelado', whose way in is the last state reached before it).
 */
export function cameFrom(order: {
  status: string;
  confirmedAt: unknown;
  readyAt: unknown;
}): OrderStatus | null {
  switch (order.status) {
    case 'confirmado':
      return 'novo';
    case 'pronto':
      return 'confirmado';
    case 'entregue':
      return 'pronto';
    case 'cancelado':
      return order.readyAt ? 'pronto' : order.confirmedAt ? 'confirmado' : 'novo';
    default:
      return null;
  }
}

/** The 409 of a change made from a state the order is no longer in (another phone moved it). */
export function staleChangeMessage(
  code: string,
  current: OrderStatus,
  from: OrderStatus,
  to: OrderStatus,
): string {
  const label = (s: OrderStatus) => STATUS_LABELS[s].toLowerCase();
  return `O pedido ${code} está ${label(current)} agora, não ${label(from)}: a mudança para ${label(to)} não foi feita.`;
}

/** Stock only leaves the shelf while an order is confirmed or ready (then delivered). */
export const HOLDS_STOCK: readonly OrderStatus[] = ['confirmado', 'pronto', 'entregue'];

export const DELIVERY_LABELS = { retirada: 'Retirar na loja', entrega: 'Entrega' } as const;
export const DELIVERY_KINDS = keysOf(DELIVERY_LABELS);
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/**
 * An order's fields, each once (docs/decisions/009). Only `status` is the owner's to edit; the
 * rest is written by the server when the order is placed, and the timeline by each change.
 * `initial`: the device never creates an order, but every kept field has one (registry rule).
 */
export const ORDER_COLUMNS = syncedMap(
  {
    /** "P-4K7Q": unique per store, read aloud (no 0/O, no 1/I). */
    code: field('text', 'code', { initial: () => '' }),
    status: editable('text', 'status', z.enum(ORDER_STATUSES, { error: 'Status inválido' })),
    customerId: field('uuid', 'customer_id', { nullable: true, initial: () => null }),
    customerName: field('text', 'customer_name', { initial: () => '' }),
    /** National digits (DDD + number). */
    customerPhone: field('text', 'customer_phone', { initial: () => '' }),
    delivery: field('text', 'delivery', { initial: () => 'retirada' }),
    /** One line, with the CEP, for 'entrega'; null for 'retirada'. */
    address: field('text', 'address', { nullable: true, initial: () => null }),
    /** The bairro the fee was computed for (issue 38); null for pickup and older orders. */
    bairro: field('text', 'bairro', { nullable: true, initial: () => null }),
    note: field('text', 'note', { initial: () => '' }),
    /** Items + deliveryFee. */
    total: field('money', 'total', { initial: () => '0.00' }),
    deliveryFee: field('money', 'delivery_fee', { initial: () => '0.00' }),
    /** 'pix' | 'dinheiro' | 'cartao' (order-payment.ts); null for orders placed before issue 38. */
    paymentMethod: field('text', 'payment_method', { nullable: true, initial: () => null }),
    /** The owner marks an order paid (offline too), from the state the phone shows. */
    paymentStatus: editable(
      'text',
      'payment_status',
      z.enum(PAYMENT_STATUSES, { error: 'Situação de pagamento inválida' }).optional(),
      { initial: () => 'pendente' },
    ),
    /** Payment changes so far: a change says the count it was made from (stale → 409). */
    paymentChanges: field('integer', 'payment_changes', { initial: () => 0 }),
    /** 'Troco para' of a cash payment. */
    troco: field('money', 'troco', { nullable: true, initial: () => null }),
    /** The campaign whose link (≤ 7 days after sending) brought it; on the device for reports. */
    campaignId: field('uuid', 'campaign_id', { nullable: true, initial: () => null }),
    source: field('text', 'source', { initial: () => 'loja' }), // SOURCE_LABELS; by the server only
  },
  {
    createdAt: field('timestamp', 'created_at', {
      initial: (stamp: number) => new Date(stamp).toISOString(),
    }),
    // The timeline: when each state was reached (null until it is).
    confirmedAt: field('timestamp', 'confirmed_at', { nullable: true, initial: () => null }),
    readyAt: field('timestamp', 'ready_at', { nullable: true, initial: () => null }),
    deliveredAt: field('timestamp', 'delivered_at', { nullable: true, initial: () => null }),
    cancelledAt: field('timestamp', 'cancelled_at', { nullable: true, initial: () => null }),
    /** What the owner typed when cancelling (issue 38: the customer's message carries it). */
    cancelReason: field('text', 'cancel_reason', { nullable: true, initial: () => null }),
    updatedAt: field('timestamp', 'updated_at', { feed: false, device: false }),
  },
);

/** The timeline's field of each state after 'novo' (whose time is `createdAt`). */
export const STATUS_TIME_FIELD = {
  confirmado: 'confirmedAt',
  pronto: 'readyAt',
  entregue: 'deliveredAt',
  cancelado: 'cancelledAt',
} as const satisfies Record<Exclude<OrderStatus, 'novo'>, keyof typeof ORDER_COLUMNS>;

/**
 * PUT (and PATCH) /api/pedidos/:id: the owner changes the status only, saying the state the
 * change was made from (`fromStatus`, not stored): the server answers 409 with its order when
 * the order is no longer in it. Absent (an older app, a script): the state machine alone.
 */
export const orderSchema = bodySchema(ORDER_COLUMNS).extend({
  fromStatus: z.enum(ORDER_STATUSES, { error: 'Status de origem inválido' }).optional(),
  fromPaymentStatus: z
    .enum(PAYMENT_STATUSES, { error: 'Situação de pagamento de origem inválida' })
    .optional(),
  fromPaymentChanges: z.number().int().min(0).max(1_000_000).optional(),
  cancelReason: z
    .string()
    .trim()
    .max(300, 'Motivo muito longo (máximo de 300 caracteres)')
    .optional(),
});

type Items = typeof ORDER_ITEMS;
type ItemRow<W extends 'list' | 'feed'> = W extends 'list'
  ? ListRowOf<Items['columns']>
  : FeedRowOf<Items['columns']>;

export type ApiOrderItem = ItemRow<'list'>;
/** An order as GET /api/pedidos and the PUT/PATCH answer carry it. */
export type ApiOrder = ListRowOf<typeof ORDER_COLUMNS> & { items: ApiOrderItem[] };
/** An order as the delta feed carries it. */
export type FeedOrder = FeedRowOf<typeof ORDER_COLUMNS> & { items: ItemRow<'feed'>[] };
export type OrderFields = FieldsOfMap<typeof ORDER_COLUMNS> & {
  fromStatus?: OrderStatus;
  fromPaymentStatus?: PaymentStatus;
  fromPaymentChanges?: number;
  /** With a change to 'cancelado': the reason the customer is told. */
  cancelReason?: string;
};
/** An order on the device (Dexie `orders`), its items inside. */
export type LocalOrder = LocalRowOf<typeof ORDER_COLUMNS> & { items: DeviceChildrenOf<Items> };

const base = deviceRules(ORDER_COLUMNS, { searchBy: 'status' });

/** Search by code or customer name: both folded into the row's search key. */
const orderSearchKey = (row: { code: string; customerName: string }) =>
  searchKey(`${row.code} ${row.customerName}`);

/** The device's order rows: the map's rules, plus the items and the search by code or name. */
export const orderRows = {
  ...base,
  fromServer(row: FeedOrder, updatedAt: number): LocalOrder {
    const local = base.fromServer(row, updatedAt);
    return {
      ...local,
      searchKey: orderSearchKey(local),
      items: childrenToDevice(ORDER_ITEMS, row.items),
    };
  },
  fromFields(
    id: string,
    fields: OrderFields,
    previous: Partial<LocalOrder> | undefined,
    updatedAt: number,
  ): LocalOrder {
    const local = base.fromFields(id, fields, previous, updatedAt);
    // Counted as the server counts: a second tap before the first is sent starts from its count.
    const paymentChanges =
      fields.fromPaymentStatus !== undefined && fields.paymentStatus !== fields.fromPaymentStatus
        ? (fields.fromPaymentChanges ?? local.paymentChanges) + 1
        : local.paymentChanges;
    return {
      ...local,
      paymentChanges,
      searchKey: orderSearchKey(local),
      items: previous?.items ?? [],
    };
  },
  /** One change's body: the payment alone or the status alone, never both as last seen. */
  body(fields: OrderFields): OrderFields {
    if (fields.fromPaymentStatus !== undefined) {
      const { paymentStatus, fromPaymentStatus, fromPaymentChanges } = fields;
      return { paymentStatus, fromPaymentStatus, fromPaymentChanges } as OrderFields;
    }
    const { paymentStatus: _kept, ...body }: OrderFields = base.body(fields);
    if (fields.cancelReason) body.cancelReason = fields.cancelReason;
    return fields.fromStatus === undefined ? body : { ...body, fromStatus: fields.fromStatus };
  },
  sameContent(a: LocalOrder, b: LocalOrder): boolean {
    return base.sameContent(a, b);
  },
};

/** What the registry entry holds besides the descriptor (src/domain/sync/registry.ts). */
export const orderRules = {
  columns: ORDER_COLUMNS,
  schema: orderSchema,
  children: [ORDER_ITEMS],
  ...orderRows,
};
