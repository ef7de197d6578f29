/**
 * Recording WhatsApp's receipts (delivered, read, not delivered) for the store's messages, so
 * the campaign report can say who got and who read a campaign (docs/decisions/022).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whatsappReceipts } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import type { ConnectionRow } from './connections';
import type { GatewayEvent, ReceiptEvent } from './gateway';

export function isReceipt(event: GatewayEvent): event is ReceiptEvent {
  return event.type === 'receipt';
}

/**
 * Stores each receipt under (store, message id). Every column is written once, the first time
 * its status is seen, so repeating a webhook changes nothing and a late DELIVERY_ACK after READ
 * cannot move a message back. READ implies delivered (WhatsApp may skip the delivery ack when
 * the customer reads at once). A receipt naming another instance than the store's is ignored:
 * the ids of one store's gateway never touch another's messages.
 */
export async function recordReceipts(
  db: Db,
  connection: Pick<ConnectionRow, 'storeId' | 'instanceName' | 'provider'>,
  events: ReceiptEvent[],
): Promise<number> {
  let recorded = 0;
  for (const event of events) {
    if (event.status === 'server') continue; // The server took it: nothing beyond 'sent'.
    if (event.instance && !instanceMatches(connection, event.instance)) continue;
    // The owner's personal chats go through the same number: their receipts are not Talí's.
    if (!(await sentByTali(db, connection.storeId, event.messageId))) continue;
    const at = event.at;
    const delivered = event.status === 'delivered' || event.status === 'read' ? at : null;
    const read = event.status === 'read' ? at : null;
    const failed = event.status === 'failed' ? at : null;
    await db
      .insert(whatsappReceipts)
      .values({
        storeId: connection.storeId,
        messageId: event.messageId,
        deliveredAt: delivered,
        readAt: read,
        failedAt: failed,
      })
      .onConflictDoUpdate({
        target: [whatsappReceipts.storeId, whatsappReceipts.messageId],
        set: {
          deliveredAt: sql`coalesce(${whatsappReceipts.deliveredAt}, excluded.delivered_at)`,
          readAt: sql`coalesce(${whatsappReceipts.readAt}, excluded.read_at)`,
          failedAt: sql`coalesce(${whatsappReceipts.failedAt}, excluded.failed_at)`,
        },
      });
    recorded++;
  }
  return recorded;
}

/**
 * Whether `messageId` is a message Talí sent for the store: a campaign's (its id kept with the
 * recipient), or any while one of the store's campaign sends is in flight, since WhatsApp can ack
 * a message before the gateway's answer to the send (and so its id) reaches us (decision 022).
 * Or an owner's reply from the app (conversations, decision 025), whose turn keeps its id.
 */
async function sentByTali(db: Db, storeId: string, messageId: string): Promise<boolean> {
  const rows = rowsOf<{ known: boolean }>(
    await db.execute(sql`
      select exists (
          select 1 from campaign_recipients
          where store_id = ${storeId} and gateway_message_id = ${messageId}
        ) or exists (
          select 1 from campaign_recipients where store_id = ${storeId} and status = 'sending'
        ) or exists (
          select 1 from conversation_messages
          where store_id = ${storeId} and gateway_message_id = ${messageId} and direction = 'out'
        ) as known`),
  );
  return rows[0]?.known === true;
}

/** The sandbox names itself 'sandbox' or the store's instance; Evolution names the instance. */
function instanceMatches(
  connection: Pick<ConnectionRow, 'instanceName' | 'provider'>,
  instance: string,
): boolean {
  if (instance === connection.instanceName) return true;
  return connection.provider === 'sandbox' && instance === 'sandbox';
}
