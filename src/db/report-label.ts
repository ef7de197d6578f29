/**
 * 'Criar etiqueta' of the reports (issue 41): the customers who stopped buying become a label
 * the owner picks as a campaign's audience. A new label, then each customer saved with it, each
 * a synced write queued offline like any edit (a repeat adds nothing a customer already has).
 */
import { LABEL_NAME_TAKEN, labelNameKey } from '~/domain/label';
import { labelEntity } from '~/domain/sync/registry';
import { readCustomersById, saveCustomer } from './customers-repo';
import { saveSynced } from './synced-repo';
import type { DeviceContext } from './transport';

export type LabelOutcome =
  | { kind: 'done'; labelId: string; changed: number; refused: number }
  | { kind: 'problem'; message: string };

export async function labelCustomers(
  name: string,
  customerIds: readonly string[],
  ctx: DeviceContext,
): Promise<LabelOutcome> {
  const key = labelNameKey(name);
  if (!key) return { kind: 'problem', message: 'Informe o nome da etiqueta' };
  const labels = await ctx.db.labels.toArray();
  if (labels.some((l) => labelNameKey(l.name) === key)) {
    return { kind: 'problem', message: LABEL_NAME_TAKEN };
  }
  const { id: labelId, result } = await saveSynced(labelEntity, { name: name.trim() }, ctx);
  if (result.status === 'refused' || result.status === 'unauthorized') {
    return { kind: 'problem', message: 'A etiqueta não pôde ser criada. Tente de novo.' };
  }
  const known = new Set([...labels.map((l) => l.id), labelId]);
  let changed = 0;
  let refused = 0;
  for (const row of await readCustomersById(ctx.db, customerIds)) {
    if (!row) continue;
    const have = (row.labels ?? []).filter((l) => known.has(l));
    if (have.includes(labelId)) continue;
    changed++;
    const saved = await saveCustomer(
      { id: row.id, name: row.name, phone: row.phone, labels: [...have, labelId] },
      ctx,
    );
    if (saved.result.status === 'refused' || saved.result.status === 'unauthorized') refused++;
  }
  return { kind: 'done', labelId, changed, refused };
}
