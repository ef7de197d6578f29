/** /api/customers (spec §7): list and idempotent create/update/delete, scoped to the caller's store. */
import { Hono } from 'hono';
import { customerSchema } from '../../src/domain/schemas';
import { requireStore, requireUser } from '../auth/middleware';
import { ApiError } from '../http';
import { readCleanJson } from '../services/catalogue/clean-input';
import {
  CUSTOMER_NOT_FOUND,
  customerTable,
  listCustomers,
} from '../services/catalogue/customers-repo';
import { runIdempotent } from '../services/catalogue/idempotency';
import { isUuid } from '../services/catalogue/serialize';
import { deleteSynced, updateSynced, upsertSynced } from '../services/catalogue/synced-writes';
import type { AppEnv } from '../types';

export const customerRoutes = new Hono<AppEnv>();

customerRoutes.use('*', requireUser, requireStore);

customerRoutes.get('/', async (c) => c.json(await listCustomers(c.var.deps.db, c.var.storeId)));

customerRoutes.post('/', async (c) => {
  const input = await readCleanJson(c, customerSchema);
  return runIdempotent(c, (tx) =>
    upsertSynced(customerTable, tx, c.var.storeId, input, c.var.deps.now()),
  );
});

function pathId(id: string): string {
  if (!isUuid(id)) throw new ApiError(404, CUSTOMER_NOT_FOUND);
  return id.toLowerCase();
}

customerRoutes.put('/:id', async (c) => {
  const id = pathId(c.req.param('id'));
  const input = await readCleanJson(c, customerSchema);
  return runIdempotent(c, (tx) =>
    updateSynced(customerTable, tx, c.var.storeId, id, input, c.var.deps.now()),
  );
});

customerRoutes.delete('/:id', async (c) => {
  const id = pathId(c.req.param('id'));
  return runIdempotent(c, (tx) =>
    deleteSynced(customerTable, tx, c.var.storeId, id, c.var.deps.now()),
  );
});
