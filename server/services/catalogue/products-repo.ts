/** Products on the server: the shared synced table over `products` and the product column map. */
import { PRODUCT_COLUMNS } from '../../../src/domain/product';
import { PRODUCTS } from '../../../src/domain/sync/entities';
import { products } from '../../db/schema';
import { syncedTable } from './synced-table';

export const productTable = syncedTable({
  table: products,
  columns: PRODUCT_COLUMNS,
  messages: PRODUCTS.messages,
});
