/**
 * A customer's data under the LGPD (decision 024): erase in one action
 * (POST /api/customers/:id/eliminar), the export (GET /api/customers/:id/dados, .csv) and the
 * export sent to the customer's WhatsApp (POST /api/customers/:id/dados/enviar).
 * Mounted on the customers' routes, so signed in with a store.
 */
import type { Context, Hono } from 'hono';
import { CUSTOMERS } from '../../src/domain/sync/entities';
import { checkIdempotencyKey, IDEMPOTENCY_HEADER, runKeyed } from '../db/idempotency';
import { writeStore } from '../db/store-write';
import { ApiError, isUuid } from '../http';
import { customerData } from '../services/privacy/customer-data';
import { customerDataCsv } from '../services/privacy/customer-data-csv';
import { eraseCustomer } from '../services/privacy/erase-customer';
import { sendCustomerExport } from '../services/privacy/send-export';
import { storeTimeZone } from '../services/privacy/store-zone';
import type { AppEnv } from '../types';
import { answerReply } from './mutation-route';

function customerId(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!isUuid(id)) throw new ApiError(404, CUSTOMERS.messages.notFound);
  return id.toLowerCase();
}

export function mountCustomerPrivacy(routes: Hono<AppEnv>): void {
  routes.get('/:id/dados', async (c) => {
    const { db, now } = c.var.deps;
    const data = await customerData(db, c.var.storeId, customerId(c), now());
    c.header('Cache-Control', 'no-store');
    return c.json(data);
  });

  routes.get('/:id/dados.csv', async (c) => {
    const { db, now } = c.var.deps;
    const data = await customerData(db, c.var.storeId, customerId(c), now());
    const csv = customerDataCsv(data, await storeTimeZone(db, c.var.storeId));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="dados-do-cliente.csv"');
    c.header('Cache-Control', 'no-store');
    return c.body(csv);
  });

  // The export's CSV to the customer's own WhatsApp, as a document (once per few minutes).
  routes.post('/:id/dados/enviar', async (c) => {
    const { db, gateway, now } = c.var.deps;
    const answer = await sendCustomerExport({ db, gateway }, c.var.storeId, customerId(c), now());
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });

  routes.post('/:id/eliminar', async (c) => {
    const { db, now } = c.var.deps;
    const id = customerId(c);
    const storeId = c.var.storeId;
    const key = c.req.header(IDEMPOTENCY_HEADER);
    checkIdempotencyKey(key);
    const at = now();
    const { outcome, replayed } = await writeStore(db, storeId, (tx) =>
      runKeyed(tx, storeId, key, `POST ${c.req.path}`, (t) => eraseCustomer(t, storeId, id, at)),
    );
    if (replayed) c.header('Idempotent-Replayed', 'true');
    c.header('Cache-Control', 'no-store');
    return answerReply(c, outcome);
  });
}
