/**
 * Saving a settings section (store data, hours, the assistant) the offline way: the body is kept
 * on the device first (pending), then sent through the worker's queue like a catalogue write.
 */

import { descriptorOfSingleton, SINGLETON_ID, type SingletonKind } from '~/domain/sync/entities';
import { type MutationResult, sendMutation } from './mutations';
import { acknowledgeSettings, type PendingSetting, writePendingSetting } from './pending-settings';
import type { DeviceContext } from './transport';

/**
 * 'sent': the server holds it (its answer in `data`); 'queued': offline, it waits on the device
 * and the worker sends it when the connection returns; 'refused': the server's (or the network's)
 * message, the body stays pending with its refusal so the screen shows both for correction.
 */
export async function saveSetting(
  kind: SingletonKind,
  body: PendingSetting['body'],
  ctx: DeviceContext,
  now: () => number = Date.now,
): Promise<MutationResult> {
  const stamp = now();
  await writePendingSetting(ctx.db, kind, body, stamp);
  const { method, path } = descriptorOfSingleton(kind);
  const result = await sendMutation(
    { method, url: path, body, entity: { kind, id: SINGLETON_ID }, stamp },
    ctx,
  );
  if (result.status === 'sent') await acknowledgeSettings(ctx.db, [{ kind, stamp }]);
  return result;
}
