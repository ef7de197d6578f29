/** JSON shapes of the catalogue API (/api/products, /api/customers, /api/sync): the barrel. */
export type { ApiCustomer } from './customer';
export type { ApiProduct, CsvLineError, FeedProduct, ImportCsvResponse } from './product';
export type { ApiTombstone, SyncRow } from './sync/rows';
export type { ApiErrorBody, SyncResponse, SyncRowResponse } from './sync/wire';

import type { ApiCustomer } from './customer';
import type { FeedProduct } from './product';
import type { SyncRow } from './sync/rows';

export type SyncProduct = SyncRow<FeedProduct>;
export type SyncCustomer = SyncRow<ApiCustomer>;
