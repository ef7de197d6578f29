/** A small store for the reports' tests: São Paulo clock, fees, a cancelled order, campaigns. */
import type { ReportInput, ReportOrder } from './input';

export const TZ = 'America/Sao_Paulo';

let n = 0;
export function order(fields: Partial<ReportOrder> & Pick<ReportOrder, 'createdAt'>): ReportOrder {
  n++;
  return {
    id: `o${n}`,
    status: 'entregue',
    total: '10.00',
    customerId: 'c-ana',
    customerName: 'Ana',
    customerPhone: '21999990001',
    items: [{ productId: 'p-bolo', name: 'Bolo', unitPrice: '10.00', quantity: 1 }],
    ...fields,
  };
}

/** 9 March 2026 (a Monday) in São Paulo is 03:00Z on the 9th to 03:00Z on the 10th. */
export function seed(): ReportInput {
  return {
    orders: [
      // Ana's first order, long before: she returns in the period.
      order({ createdAt: '2026-01-05T15:00:00Z', total: '10.00' }),
      // 9 March, 00:00 local exactly: in the period.
      order({
        createdAt: '2026-03-09T03:00:00Z',
        total: '105.00',
        deliveryFee: '5.00',
        paymentStatus: 'pago',
        items: [
          { productId: 'p-bolo', name: 'Bolo', unitPrice: '25.00', quantity: 2 },
          { productId: 'p-torta', name: 'Torta', unitPrice: '50.00', quantity: 1 },
        ],
        campaignId: 'camp-1',
      }),
      // 9 March, 23:59 local (already the 10th in UTC): in the period, Bia's first order.
      order({
        createdAt: '2026-03-10T02:59:00Z',
        total: '30.50',
        customerId: 'c-bia',
        customerName: 'Bia',
        customerPhone: '21999990002',
        items: [{ productId: 'p-pao', name: 'Pão', unitPrice: '10.00', quantity: 3 }],
      }),
      // Cancelled: nowhere in the revenue, the products sold or the campaign.
      order({
        createdAt: '2026-03-09T15:00:00Z',
        status: 'cancelado',
        total: '999.00',
        deliveryFee: '9.00',
        campaignId: 'camp-1',
        items: [{ productId: 'p-caro', name: 'Caro', unitPrice: '999.00', quantity: 1 }],
      }),
      // Not delivered yet: to be paid, ordered, not revenue.
      order({
        createdAt: '2026-03-09T18:00:00Z',
        status: 'confirmado',
        total: '20.00',
        customerId: null,
        customerName: 'Caio',
        customerPhone: '21999990003',
        items: [{ productId: 'p-bolo', name: 'Bolo', unitPrice: '20.00', quantity: 1 }],
      }),
      // 10 March, 00:00 local: the next day, outside a period of the 9th.
      order({ createdAt: '2026-03-10T03:00:00Z', total: '7.00' }),
      // 8 March 23:59 local: the day before.
      order({ createdAt: '2026-03-09T02:59:00Z', total: '40.00', customerId: 'c-bia' }),
    ],
    products: [
      { id: 'p-bolo', name: 'Bolo', active: true, stock: 4 },
      { id: 'p-torta', name: 'Torta', active: true, stock: 0 },
      { id: 'p-pao', name: 'Pão', active: true, stock: null },
      { id: 'p-caro', name: 'Caro', active: true, stock: 1 },
      { id: 'p-velho', name: 'Antigo', active: false, stock: 0 },
    ],
    customers: [
      { id: 'c-ana', name: 'Ana', phone: '21999990001' },
      { id: 'c-bia', name: 'Bia', phone: '21999990002' },
      { id: 'c-duda', name: 'Duda', phone: '21999990004' },
    ],
    campaigns: [
      {
        id: 'camp-1',
        titulo: 'Bolo em dobro',
        startedAt: '2026-03-09T12:00:00Z',
        costCents: 2500,
        sent: 200,
        delivered: 150,
        read: 61,
      },
      // Paid, sent, no order came back.
      {
        id: 'camp-2',
        titulo: 'Sem retorno',
        startedAt: '2026-03-09T20:00:00Z',
        costCents: 1000,
        sent: 100,
        delivered: 100,
        read: 0,
      },
      // Outside the period.
      {
        id: 'camp-3',
        titulo: 'Antiga',
        startedAt: '2026-03-01T12:00:00Z',
        costCents: 1000,
        sent: 0,
        delivered: 0,
        read: 0,
      },
    ],
  };
}
