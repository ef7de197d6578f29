/** /api/customers (spec §7): list and idempotent create/update/delete, scoped to the caller's store. */
import { mutationRoute } from './mutation-route';
import { mountCustomerPrivacy } from './privacy-customers';
import { syncedRoutes } from './synced-routes';

export const customerRoutes = syncedRoutes('customer', 'customers');

// Many customers per request (issue 22), chunked like the products' CSV import.
customerRoutes.post('/import', mutationRoute('customer', 'import'));

// A customer's data under the LGPD: erase and export (issue 40).
mountCustomerPrivacy(customerRoutes);
