/** Drizzle schema, campaigns: images, campaigns, their recipients and the per-store sender. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, belongsTo, createdAt, updatedAt, uuidKey } from './schema-columns';
import { storeOwned, storeRef } from './schema-store-columns';

/** Raw bytes (bytea) as a Buffer on both engines. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Campaign images, in the database so every API process can serve them. */
export const campaignImages = pgTable(
  'campaign_images',
  {
    /** Unguessable (32 random bytes, base64url): the public URL is the only capability. */
    id: text('id').primaryKey(),
    storeId: storeRef(),
    mimeType: text('mime_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('campaign_images_store_idx').on(t.storeId)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    /** Generated on the device at the first 'Revisar', so reviewing again updates the draft. */
    ...storeOwned(),
    titulo: text('titulo').notNull(),
    mensagem: text('mensagem').notNull(),
    /** Legacy free URL column; new campaigns reference an uploaded image by imageId. */
    imageUrl: text('image_url'),
    imageId: text('image_id').references(() => campaignImages.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('agendado'),
    /** Messages actually delivered so far (answered as a string, spec §3). */
    sentCount: integer('sent_count').notNull().default(0),
    /** Local datetime in the store's time zone, 'YYYY-MM-DDTHH:MM'. */
    scheduledDate: text('scheduled_date'),
    sendNow: boolean('send_now').notNull().default(false),
    /** When the last recipient settled. */
    sentAt: at('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the owner pressed 'Enviar'; null = a draft under review. */
    confirmedAt: at('confirmed_at'),
    /** When sending really begins (the scheduled time moved to the send window's opening). */
    startsAt: at('starts_at'),
    /** When the recipients were fixed (the campaign started). */
    startedAt: at('started_at'),
    /** Fixed at start: recipients that will get it; null before (computed live). */
    recipientCount: integer('recipient_count'),
    pauseReason: text('pause_reason'),
    /** Why it paused: 'disconnected' resumes on reconnect, 'failures' after pausedUntil. */
    pauseKind: text('pause_kind'),
    pausedUntil: at('paused_until'),
    /** Failed sends in a row (not-on-WhatsApp excluded); too many pause the campaign. */
    failureStreak: integer('failure_streak').notNull().default(0),
    /** The storefront link tagged `?c=<id>`, on its own line before SAIR (null: no link). */
    storeLink: text('store_link'),
  },
  (t) => [
    index('campaigns_store_created_idx').on(t.storeId, t.createdAt),
    index('campaigns_store_confirmed_idx').on(t.storeId, t.confirmedAt),
    index('campaigns_status_starts_idx').on(t.status, t.startsAt),
  ],
);

/** The row's campaign; deleting the campaign deletes its rows. */
export const campaignRef = () => belongsTo('campaign_id', () => campaigns.id);

/**
 * One row per customer of a started campaign. The row, not the job queue, decides who was
 * sent what: a send is claimed by a conditional UPDATE (pending → sending) before it goes out.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuidKey(),
    campaignId: campaignRef(),
    // No foreign keys on store and customer: their per-row checks were 3/4 of the time to fix
    // 10,000 recipients. Customers are only ever soft-deleted, and a store's deletion reaches
    // these rows through its campaigns (cascade).
    storeId: uuid('store_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** Name and number as they were when the campaign started. */
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /**
     * pending | sending (claimed, in flight) | sent | unconfirmed (the gateway may have sent it:
     * never re-sent on a guess) | failed | skipped. See docs/decisions/010.
     */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Who claimed it (the sender's lease token) and when. */
    claimToken: text('claim_token'),
    claimedAt: at('claimed_at'),
    /** Retry backoff: not claimed again before this; unconfirmed: next look-up at the gateway. */
    nextAttemptAt: at('next_attempt_at'),
    /** Last attempt or settlement. */
    settledAt: at('settled_at'),
    sentAt: at('sent_at'),
    /** The gateway's id of the message (Evolution's key.id): receipts are matched by it. */
    gatewayMessageId: text('gateway_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('campaign_recipients_campaign_customer_uq').on(t.campaignId, t.customerId),
    index('campaign_recipients_campaign_status_idx').on(t.campaignId, t.status),
    // Only sent rows: the hourly cap reads them; fixing 10,000 pending rows does not pay for it.
    index('campaign_recipients_store_sent_idx')
      .on(t.storeId, t.sentAt)
      .where(sql`${t.sentAt} is not null`),
    // A receipt is kept only for an id the store sent (services/whatsapp/receipts.ts), or while
    // one of its sends is in flight: both looked up per webhook call.
    index('campaign_recipients_store_message_idx')
      .on(t.storeId, t.gatewayMessageId)
      .where(sql`${t.gatewayMessageId} is not null`),
    index('campaign_recipients_store_sending_idx')
      .on(t.storeId)
      .where(sql`${t.status} = 'sending'`),
    // Only unconfirmed rows: the minute sweep finds the ones due for a look-up at the gateway.
    index('campaign_recipients_unconfirmed_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'unconfirmed'`),
  ],
);

/**
 * One sender per store at a time, across processes: a lease row claimed by a conditional
 * UPDATE. nextSendAt carries the pacing across restarts.
 */
export const campaignSenders = pgTable('campaign_senders', {
  storeId: storeRef().primaryKey(),
  leaseToken: text('lease_token'),
  leaseUntil: at('lease_until'),
  nextSendAt: at('next_send_at'),
  /** The one sender job queued for the store: when it runs and its token (no job pile-up). */
  wakeAt: at('wake_at'),
  wakeToken: text('wake_token'),
  updatedAt: updatedAt(),
});
