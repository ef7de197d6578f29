/**
 * Customer labels on the device (issue 22): read from Dexie, written through the synced-entity
 * machinery (pending first, then /api/etiquetas, queued offline like every synced row).
 */
import { readCustomersById, saveCustomer } from '~/db/customers-repo';
import { readAllLabels, readLabelsById } from '~/db/labels-reads';
import { deleteSynced, saveSynced, type WriteResult } from '~/db/synced-repo';
import type { DeviceContext } from '~/db/transport';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { LABEL_NAME_TAKEN, type LocalLabel, labelNameKey } from '~/domain/label';
import { labelEntity } from '~/domain/sync/registry';

export type { LocalLabel } from '~/domain/label';

/** The store's labels on the device, by name; undefined until read. */
export function useLabels(): LocalLabel[] | undefined {
  return useTableSnapshot('labels', (db) => db.labels.orderBy('searchKey').toArray());
}

/**
 * The device's answer before the server's (which refuses it too, 409): another label already
 * has this name, whatever the case. Null when the name is free.
 */
export async function labelNameProblem(name: string, exceptId?: string): Promise<string | null> {
  const key = labelNameKey(name);
  const all = await readAllLabels();
  return all.some((l) => l.id !== exceptId && labelNameKey(l.name) === key)
    ? LABEL_NAME_TAKEN
    : null;
}

export function saveLabel(
  fields: { name: string; id?: string },
  ctx: DeviceContext,
): Promise<WriteResult> {
  return saveSynced(labelEntity, fields, ctx);
}

/**
 * Deletes a label. The server removes it from its customers and sends them again; until then
 * the device's rows still name it, which every screen ignores (only known labels are shown,
 * and a save keeps only known labels).
 */
export function deleteLabel(id: string, ctx: DeviceContext): Promise<WriteResult> {
  return deleteSynced(labelEntity, id, ctx);
}

/** The ids of `ids` that are labels on the device (a deleted label's id is dropped). */
export async function knownLabels(ids: readonly string[]): Promise<string[]> {
  const found = await readLabelsById(ids);
  return ids.filter((_, i) => found[i] !== undefined);
}

/**
 * Gives every customer of `customerIds` the labels `add` (those they lack): one save per
 * customer that changes, each queued offline like any edit. Answers how many were changed
 * and how many of those the server refused.
 */
export async function addLabelsTo(
  customerIds: readonly string[],
  add: readonly string[],
  ctx: DeviceContext,
): Promise<{ changed: number; refused: number }> {
  const rows = await readCustomersById(ctx.db, customerIds);
  let changed = 0;
  let refused = 0;
  for (const row of rows) {
    if (!row) continue;
    const have = await knownLabels(row.labels ?? []);
    const labels = [...new Set([...have, ...add])];
    if (labels.length === have.length) continue;
    changed++;
    const fields = { id: row.id, name: row.name, phone: row.phone, labels };
    const { result } = await saveCustomer(fields, ctx);
    if (result.status === 'refused' || result.status === 'unauthorized') refused++;
  }
  return { changed, refused };
}
