/** /api/etiquetas (issue 22): the store's customer labels, listed and idempotently written. */
import { syncedRoutes } from './synced-routes';

export const labelRoutes = syncedRoutes('label', 'labels');
