/** Online calls of the settings screens: saving the store's data and hours (PUT /api/stores/me). */
import type { StoreMe } from '~/domain/schemas';
import { apiRequest } from '~/lib/api';

/** Sends the changed fields; answers the store as the server now has it. */
export function saveStore(patch: Partial<StoreMe>): Promise<StoreMe> {
  return apiRequest<StoreMe>('PUT', '/api/stores/me', patch);
}
