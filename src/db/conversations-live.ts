/** Live reads of a chat's own device tables (its kept turns, its replies not sent yet). */
import { useLiveQuery } from 'dexie-react-hooks';
import { type HeldReply, repliesOf } from './conversations-replies';
import { type ChatOrder, readChatOrders } from './conversations-repo';
import { type CachedThread, cachedThread } from './conversations-thread';
import { useDeviceStore } from './device-store-context';

/** The chat's kept page of turns: undefined while read, null when the phone has none. */
export function useCachedThread(phone: string): CachedThread | null | undefined {
  const { db } = useDeviceStore();
  return useLiveQuery(async () => (await cachedThread(db, phone)) ?? null, [db, phone]);
}

/** The chat's replies kept on the phone, oldest first. */
export function useHeldReplies(phone: string): HeldReply[] | undefined {
  const { db } = useDeviceStore();
  return useLiveQuery(() => repliesOf(db, phone), [db, phone]);
}

/** The orders of a thread's turns that the device holds, by id (read again as they change). */
export function useChatOrders(ids: readonly string[]): Map<string, ChatOrder> {
  const { db } = useDeviceStore();
  const key = [...new Set(ids)].sort().join(',');
  const rows = useLiveQuery(() => readChatOrders(db, key ? key.split(',') : []), [db, key]);
  return new Map((rows ?? []).map((o) => [o.id, o]));
}
