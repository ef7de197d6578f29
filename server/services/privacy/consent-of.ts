/**
 * The customer's consent events for the export. The ledger (consent_events) comes with issue
 * 35's branch; until it is merged the opt-out flag is the only record.
 */
import type { CustomerDataExport } from '../../../src/domain/privacy';
import type { Tx } from '../../db/store-write';

export async function consentEventsOf(
  _tx: Tx,
  _storeId: string,
  _customerId: string,
): Promise<CustomerDataExport['consentEvents']> {
  return [];
}
