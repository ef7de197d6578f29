/** The device's labels as the customers' and campaigns' screens read them outside a hook. */
import type { LocalLabel } from '~/domain/label';
import { db } from './db';

/** Every label on the device. */
export function readAllLabels(): Promise<LocalLabel[]> {
  return db.labels.toArray();
}

/** The labels of `ids`, in order (undefined where the device has none). */
export function readLabelsById(ids: readonly string[]): Promise<Array<LocalLabel | undefined>> {
  return db.labels.bulkGet([...ids]);
}
