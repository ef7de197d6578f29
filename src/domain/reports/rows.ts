/**
 * Device rows (and the feed's, which are the same shape) as the reports read them. Fields that
 * land with other work are read when present: `deliveryFee` and `paymentStatus` ("Orders that
 * close"), `campaignId` (not on the device today: the order feed leaves it out).
 */
import type { ReportCustomer, ReportItem, ReportOrder, ReportProduct } from './input';

export type OrderRowLike = {
  id: string;
  status: string;
  createdAt: string;
  total: string;
  customerId: string | null;
  customerName: string;
  customerPhone: string;
  items: readonly ReportItem[];
  deliveryFee?: string | null;
  paymentStatus?: string | null;
  campaignId?: string | null;
};

export function reportOrderOf(row: OrderRowLike): ReportOrder {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt,
    total: row.total,
    deliveryFee: row.deliveryFee ?? '0.00',
    paymentStatus: row.paymentStatus === 'pago' ? 'pago' : 'pendente',
    customerId: row.customerId,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    campaignId: row.campaignId ?? null,
    // As they are (their extra fields unread): 10,000 orders are not copied at every read.
    items: row.items,
  };
}

export function reportProductOf(row: {
  id: string;
  name: string;
  active: boolean | number;
  stock?: number | null;
}): ReportProduct {
  return {
    id: row.id,
    name: row.name,
    active: row.active === true || row.active === 1,
    stock: row.stock ?? null,
  };
}

export function reportCustomerOf(row: { id: string; name: string; phone: string }): ReportCustomer {
  return { id: row.id, name: row.name, phone: row.phone };
}
