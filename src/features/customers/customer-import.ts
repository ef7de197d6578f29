/**
 * Importing a customer spreadsheet on the device (issue 22): what it would do (the preview),
 * then doing it. One customer per phone: a number already on the phone updates that customer
 * (its labels kept, the file's added); labels the store lacks are created first.
 */
import { db, type LocalCustomer } from '~/db/db';
import { saveManySynced } from '~/db/synced-repo';
import type { DeviceContext } from '~/db/transport';
import type { CustomerFields } from '~/domain/customer';
import type { CustomerCsvRow } from '~/domain/customer-csv';
import { labelNameKey } from '~/domain/label';
import { customerEntity } from '~/domain/sync/registry';
import { saveLabel } from './labels-store';

export type ImportPlan = {
  /** New customers and customers whose number is already on the phone. */
  creates: number;
  updates: number;
  /** Label names the store does not have yet, as first written in the file. */
  newLabels: string[];
};

async function byPhone(rows: readonly CustomerCsvRow[]): Promise<Map<string, LocalCustomer>> {
  const found = await db.customers
    .where('phone')
    .anyOf(rows.map((r) => r.phone))
    .toArray();
  return new Map(found.map((c) => [c.phone, c]));
}

async function labelIdsByKey(): Promise<Map<string, string>> {
  return new Map((await db.labels.toArray()).map((l) => [labelNameKey(l.name), l.id]));
}

export async function planImport(rows: readonly CustomerCsvRow[]): Promise<ImportPlan> {
  const existing = await byPhone(rows);
  const labels = await labelIdsByKey();
  const newLabels = new Map<string, string>();
  for (const row of rows) {
    for (const name of row.labels) {
      const key = labelNameKey(name);
      if (!labels.has(key) && !newLabels.has(key)) newLabels.set(key, name);
    }
  }
  const updates = rows.filter((r) => existing.has(r.phone)).length;
  return { creates: rows.length - updates, updates, newLabels: [...newLabels.values()] };
}

/** Creates the missing labels, then saves every customer; answers how many the server refused. */
export async function runImport(
  rows: readonly CustomerCsvRow[],
  ctx: DeviceContext,
  onSent: (done: number) => void = () => {},
): Promise<{ saved: number; refused: number }> {
  const labels = await labelIdsByKey();
  for (const row of rows) {
    for (const name of row.labels) {
      const key = labelNameKey(name);
      if (labels.has(key)) continue;
      const { id } = await saveLabel({ name }, ctx);
      labels.set(key, id);
    }
  }
  const existing = await byPhone(rows);
  const known = new Set(labels.values());
  const list: (CustomerFields & { id?: string })[] = rows.map((row) => {
    const before = existing.get(row.phone);
    const kept = (before?.labels ?? []).filter((id) => known.has(id));
    const added = row.labels.map((name) => labels.get(labelNameKey(name)) ?? '');
    return {
      id: before?.id,
      name: row.name,
      phone: row.phone,
      labels: [...new Set([...kept, ...added])].filter(Boolean),
    };
  });
  const results = await saveManySynced(customerEntity, list, ctx, onSent);
  const refused = results.filter((r) => r.result.status === 'refused').length;
  return { saved: results.length - refused, refused };
}
