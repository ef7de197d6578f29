/** The customer's consent events for the export (the ledger of decision 023), oldest first. */
import type { CustomerDataExport } from '../../../src/domain/privacy';
import type { Tx } from '../../db/store-write';
import { consentHistory } from '../consent/ledger';

export async function consentEventsOf(
  tx: Tx,
  customerId: string,
): Promise<CustomerDataExport['consentEvents']> {
  const events = await consentHistory(tx, customerId);
  return events.map((e) => ({
    kind: e.kind,
    source: e.source,
    basis: e.basis,
    at: e.at.toISOString(),
    text: e.text,
  }));
}
