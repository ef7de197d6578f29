/**
 * Orders as a synced table (docs/decisions/009, "Adding a third entity"): the queries behind the
 * shared write rules. The owner only changes the status: `update` checks the state machine and
 * moves stock (stock.ts); orders are placed by place-order.ts, never created or deleted by a device.
 */
import { asc, eq } from 'drizzle-orm';
import {
  type ApiOrder,
  cameFrom,
  canChangeStatus,
  type FeedOrder,
  HOLDS_STOCK,
  impossibleChangeMessage,
  ORDER_COLUMNS,
  type OrderFields,
  type OrderStatus,
  STATUS_TIME_FIELD,
  staleChangeMessage,
} from '../../../src/domain/order';
import { ORDER_ITEMS } from '../../../src/domain/order-items';
import { type PaymentStatus, stalePaymentMessage } from '../../../src/domain/order-payment';
import { ORDERS } from '../../../src/domain/sync/entities';
import type { SyncRow } from '../../../src/domain/sync/rows';
import { orderItems, orders } from '../../db/schema';
import type { StoreTx, Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';
import { nextRevision } from '../sync/revision';
import {
  apiSerializer,
  childrenSerializer,
  editableFields,
  feedSerializer,
  type ServerRowOf,
  sameFields,
} from '../sync/serialize';
import type { SyncedTable } from '../sync/synced-writes';
import { oweStatusMessage } from './order-messages';
import { returnStock, takeStock } from './stock';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
export type Row = OrderRow & { items: ItemRow[] };

// The Drizzle tables have every field of the maps, of their types: otherwise this does not compile.
const rowFitsMap: OrderRow extends ServerRowOf<typeof ORDER_COLUMNS> ? true : false = true;
const itemFitsMap: ItemRow extends ServerRowOf<(typeof ORDER_ITEMS)['columns']> ? true : false =
  true;
void rowFitsMap;
void itemFitsMap;

const apiRow = apiSerializer(ORDER_COLUMNS);
const feedRow = feedSerializer(ORDER_COLUMNS);
const apiItems = childrenSerializer(ORDER_ITEMS, 'list');
const feedItems = childrenSerializer(ORDER_ITEMS, 'feed');

export function toApiOrder(row: Row): ApiOrder {
  return { ...apiRow(row), items: apiItems(row.items) } as ApiOrder;
}

function toSyncOrder(row: Row): SyncRow<FeedOrder> & { revision: number } {
  const feed = feedRow(row);
  if (feed.deleted) return feed;
  return { ...feed, items: feedItems(row.items) } as SyncRow<FeedOrder> & { revision: number };
}

async function withItems(tx: Tx, row: OrderRow | undefined): Promise<Row | undefined> {
  if (!row) return undefined;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.position));
  return { ...row, items };
}

/** The status change's effects: the state machine, stock, and the timeline's time. */
async function changeStatus(tx: StoreTx, row: OrderRow, to: OrderStatus, now: Date) {
  const from = row.status as OrderStatus;
  if (!canChangeStatus(from, to)) throw new ApiError(409, impossibleChangeMessage(from, to));
  const held = HOLDS_STOCK.includes(from);
  if (!held && HOLDS_STOCK.includes(to)) await takeStock(tx, row.storeId, row.id, now);
  if (held && to === 'cancelado') await returnStock(tx, row.storeId, row.id, now);
  return to === 'novo' ? {} : { [STATUS_TIME_FIELD[to]]: now };
}

/**
 * The status a body writes over the order (decision 018, "A change made from a state"): made
 * from the state the order is in, or the same change again (the order already went from
 * `fromStatus` to `status`: a no-op); anything else is 409 with the order as it is, so the phone
 * shows it. `fromStatus` is not a column; without it (an older app) the state machine decides.
 */
function resolveStatus(row: Row | undefined, body: Partial<OrderFields>): Partial<OrderFields> {
  const { fromStatus, fromPaymentStatus, fromPaymentChanges, ...fields } = body;
  if (row && fromPaymentStatus !== undefined && fields.paymentStatus !== undefined) {
    const current = row.paymentStatus as PaymentStatus;
    // Already there (the same change again, or another phone's identical one): a no-op. Made
    // from the state and count the order has: applied. Otherwise another phone changed it since.
    const madeFromCurrent =
      current === fromPaymentStatus &&
      (fromPaymentChanges === undefined || fromPaymentChanges === row.paymentChanges);
    if (current !== fields.paymentStatus && !madeFromCurrent) {
      throw new ApiError(409, stalePaymentMessage(row.code, current, fields.paymentStatus), {
        current: toApiOrder(row),
      });
    }
  }
  if (!row || fromStatus === undefined || fields.status === undefined) return fields;
  const current = row.status as OrderStatus;
  if (current === fromStatus) return fields;
  if (current === fields.status && cameFrom(row) === fromStatus) return fields;
  throw new ApiError(409, staleChangeMessage(row.code, current, fromStatus, fields.status), {
    current: toApiOrder(row),
  });
}

export const orderTable: SyncedTable<Row, OrderFields, ApiOrder, FeedOrder> = {
  async find(tx, id) {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
    return withItems(tx, row);
  },
  async insert() {
    // Reached only through a POST to /api/pedidos, which the mutation table refuses first.
    throw new ApiError(405, ORDER_CREATED_BY_STOREFRONT);
  },
  async update(tx, id, fields, now) {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (!current) return undefined;
    const moved = fields.status !== current.status;
    const times = moved ? await changeStatus(tx, current, fields.status, now) : {};
    const paymentStatus = fields.paymentStatus ?? current.paymentStatus;
    const paid = paymentStatus !== current.paymentStatus;
    const [row] = await tx
      .update(orders)
      .set({
        status: fields.status,
        paymentStatus,
        ...(paid ? { paymentChanges: current.paymentChanges + 1 } : {}),
        ...(moved && fields.status === 'cancelado'
          ? { cancelReason: fields.cancelReason?.trim() || null }
          : {}),
        ...times,
        revision: nextRevision(tx),
        updatedAt: now,
      })
      .where(eq(orders.id, id))
      .returning();
    // The customer's notice is owed in this same commit (issue 38): once per transition.
    if (row && moved) await oweStatusMessage(tx, row, now);
    return withItems(tx, row);
  },
  async tombstone(tx, id, now) {
    await tx
      .update(orders)
      .set({ deletedAt: now, updatedAt: now, revision: nextRevision(tx) })
      .where(eq(orders.id, id));
  },
  resolve: resolveStatus,
  sameFields: sameFields(ORDER_COLUMNS),
  fieldsOf: editableFields(ORDER_COLUMNS),
  toApi: toApiOrder,
  toSync: toSyncOrder,
  messages: ORDERS.messages,
};

/** Orders come from the storefront (POST /loja/:slug/pedidos): the owner does not create or delete them. */
export const ORDER_CREATED_BY_STOREFRONT = 'Pedidos são feitos pela página da loja';
