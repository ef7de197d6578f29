/** The settings changes still on the device for the settings screens: waiting, and refused. */
import { isSingletonKind } from '~/domain/sync/entities';
import { type DeadLetter, db } from './db';
import { type PendingSetting, pendingSettings } from './pending-settings';

/** What waits on the device, and the server's refusals of the settings sections (a live query's read). */
export async function readPendingSettings(): Promise<{
  list: PendingSetting[];
  refusals: DeadLetter[];
}> {
  const list = await pendingSettings(db);
  const refusals = await db.deadLetters.filter((d) => isSingletonKind(d.entity)).toArray();
  return { list, refusals };
}
