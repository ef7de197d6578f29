/** Drizzle schema: the single source of truth for both engines (PGlite and PostgreSQL). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BusinessHours } from '../../src/domain/hours';

/**
 * One sequence orders every synced change (products, customers): the sync cursor. Drawn only
 * through store-write.ts `nextRevision`, under the store's write lock.
 */
export const syncRevision = pgSequence('sync_revision', { startWith: 1 });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const revision = () =>
  bigint('revision', { mode: 'number' }).notNull().default(sql`nextval('sync_revision')`);

export type BotPersonalizacao = {
  mensagemBoasVindas: string;
  tomVoz: string;
  informacoesImportantes: string;
};

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

/** Bearer sessions: only the SHA-256 of the opaque token is stored. Logout deletes the row. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const stores = pgTable('stores', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Public storefront path segment (/loja/:slug). */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  cnpj: text('cnpj').notNull().default(''),
  phone: text('phone').notNull().default(''),
  cep: text('cep').notNull().default(''),
  logradouro: text('logradouro').notNull().default(''),
  numero: text('numero').notNull().default(''),
  complemento: text('complemento').notNull().default(''),
  bairro: text('bairro').notNull().default(''),
  cidade: text('cidade').notNull().default(''),
  uf: text('uf').notNull().default(''),
  /** IANA zone of the store: "today" and scheduled times are its wall clock. */
  timezone: text('timezone').notNull().default('America/Sao_Paulo'),
  businessHours: jsonb('business_hours').$type<BusinessHours>().notNull(),
  botAtivo: boolean('bot_ativo').notNull().default(false),
  botPersonalizacao: jsonb('bot_personalizacao')
    .$type<BotPersonalizacao>()
    .notNull()
    .default({ mensagemBoasVindas: '', tomVoz: '', informacoesImportantes: '' }),
  /** The effective daily campaign limit (spec §9 default 1). */
  dailyCampaignLimit: integer('daily_campaign_limit').notNull().default(1),
  /**
   * Kept for the spec's entity; "sent today" is computed from the campaigns confirmed in the
   * store's day (services/campaigns/daily-limit.ts), which needs no reset at midnight.
   */
  dailyCampaignsSent: integer('daily_campaigns_sent').notNull().default(0),
  lastCampaignPageAccess: timestamp('last_campaign_page_access', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const products = pgTable(
  'products',
  {
    /** Generated on the device (crypto.randomUUID()), so a replayed create is an upsert. */
    id: uuid('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    active: boolean('active').notNull().default(true),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Tombstone: deleted rows stay so the deletion reaches every device. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('products_store_revision_idx').on(t.storeId, t.revision),
    // The lists' keyset pages (services/catalogue/list-json.ts): a page is a range of this index,
    // not a sort of the whole catalogue each time.
    index('products_store_name_idx').on(t.storeId, t.name, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** National digits: DDD + number. */
    phone: text('phone').notNull(),
    /** LGPD opt-out: excluded from every campaign while set. */
    optedOut: boolean('opted_out').notNull().default(false),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('customers_store_revision_idx').on(t.storeId, t.revision),
    index('customers_store_phone_idx').on(t.storeId, t.phone),
    index('customers_store_name_idx')
      .on(t.storeId, t.name, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** Raw bytes (bytea) as a Buffer on both engines. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Campaign images, in the database so every API process can serve them. */
export const campaignImages = pgTable(
  'campaign_images',
  {
    /** Unguessable (32 random bytes, base64url): the public URL is the only capability. */
    id: text('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
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
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the owner pressed 'Enviar'; null = a draft under review. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When sending really begins (the scheduled time moved to the send window's opening). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** When the recipients were fixed (the campaign started). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Fixed at start: recipients that will get it; null before (computed live). */
    recipientCount: integer('recipient_count'),
    pauseReason: text('pause_reason'),
    /** Why it paused: 'disconnected' resumes on reconnect, 'failures' after pausedUntil. */
    pauseKind: text('pause_kind'),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** Failed sends in a row (not-on-WhatsApp excluded); too many pause the campaign. */
    failureStreak: integer('failure_streak').notNull().default(0),
  },
  (t) => [
    index('campaigns_store_created_idx').on(t.storeId, t.createdAt),
    index('campaigns_store_confirmed_idx').on(t.storeId, t.confirmedAt),
    index('campaigns_status_starts_idx').on(t.status, t.startsAt),
  ],
);

/**
 * One row per customer of a started campaign. The row, not the job queue, decides who was
 * sent what: a send is claimed by a conditional UPDATE (pending → sending) before it goes out.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
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
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Retry backoff: not claimed again before this; unconfirmed: next look-up at the gateway. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Last attempt or settlement. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('campaign_recipients_campaign_customer_uq').on(t.campaignId, t.customerId),
    index('campaign_recipients_campaign_status_idx').on(t.campaignId, t.status),
    // Only sent rows: the hourly cap reads them; fixing 10,000 pending rows does not pay for it.
    index('campaign_recipients_store_sent_idx')
      .on(t.storeId, t.sentAt)
      .where(sql`${t.sentAt} is not null`),
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
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  leaseToken: text('lease_token'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  nextSendAt: timestamp('next_send_at', { withTimezone: true }),
  /** The one sender job queued for the store: when it runs and its token (no job pile-up). */
  wakeAt: timestamp('wake_at', { withTimezone: true }),
  wakeToken: text('wake_token'),
  updatedAt: updatedAt(),
});

/**
 * A Pix charge for a campaign. status: pendente | pago | expirado | cancelado | devolvido.
 * Only a GET of the charge at the PSP moves it to 'pago' (see docs/decisions/012).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    valor: numeric('valor', { precision: 10, scale: 2 }).notNull(),
    status: text('status').notNull().default('pendente'),
    /** The PSP's payload location of the charge (null for the sandbox). */
    gatewayId: text('gateway_id'),
    pixQrCode: text('pix_qr_code'),
    pixCopiaECola: text('pix_copia_e_cola'),
    createdAt: createdAt(),
    /** Which PSP holds the charge: 'sandbox' | 'bcb'. */
    provider: text('provider').notNull().default('sandbox'),
    /** API Pix txid: the payment id without dashes (32 alphanumerics), so a retried PUT is idempotent. */
    txid: text('txid').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Total the PSP reports as received for this txid, decimal reais. */
    paidAmount: numeric('paid_amount', { precision: 10, scale: 2 }),
    /** endToEndId of the Pix that paid it (needed for a refund). */
    e2eid: text('e2eid'),
    /** Set once onPaid (campaign confirmation) finished; the re-check retries until then. */
    paidHandledAt: timestamp('paid_handled_at', { withTimezone: true }),
    refundId: text('refund_id'),
    /** API Pix devolução status: EM_PROCESSAMENTO | DEVOLVIDO | NAO_REALIZADO. */
    refundStatus: text('refund_status'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Why the money was returned: the campaign cancelled, refused after payment, paid twice. */
    refundReason: text('refund_reason'),
    /** Last time the PSP was asked about this charge (throttles re-checks). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * Bands of 100 recipients this charge pays for (valor = bands × price). The campaign it pays
     * reaches at most bands × 100 customers. Null on rows older than this column: derived from valor.
     */
    bands: integer('bands'),
    /**
     * An unpaid charge ('expirado'/'cancelado') is asked about until this is set: the PSP confirmed
     * its removal, or its expiry at the PSP is well past with nothing received (decision 012).
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * A 'pago' payment whose whole amount is owed back (paid twice, campaign cancelled or refused):
     * the reason, set under the campaign's lock; the re-check retries the devolução until made.
     */
    refundDue: text('refund_due'),
    /** Amount of the devolução asked for (the whole payment, or the bands the campaign did not use). */
    refundAmount: numeric('refund_amount', { precision: 10, scale: 2 }),
    /** Set once the campaign ended and the bands it did not use were returned (or none were left). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_store_campaign_idx').on(t.storeId, t.campaignId),
    // At most one live charge per campaign, even with two 'Enviar' at once.
    uniqueIndex('payments_one_pending_per_campaign')
      .on(t.campaignId)
      .where(sql`${t.status} = 'pendente'`),
    index('payments_status_checked_idx').on(t.status, t.checkedAt),
  ],
);

/** Pix notifications that matched no payment (or not its amount): kept for reconciliation. */
export const pixUnmatchedNotifications = pgTable(
  'pix_unmatched_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reason: text('reason').$type<'txid_desconhecido' | 'valor_divergente'>().notNull(),
    txid: text('txid').notNull().default(''),
    e2eid: text('e2eid').notNull().default(''),
    valor: text('valor').notNull().default(''),
    horario: text('horario').notNull().default(''),
    createdAt: createdAt(),
  },
  // A repeated notification is stored once.
  (t) => [
    uniqueIndex('pix_unmatched_once').on(t.reason, t.txid, t.e2eid),
    // The webhook's rate limit counts the last minute's rows; the clean-up deletes old ones.
    index('pix_unmatched_created_idx').on(t.createdAt),
  ],
);

/** The built-in sandbox PSP's own charges (what a real PSP keeps on its side). */
export const pixSandboxCharges = pgTable('pix_sandbox_charges', {
  txid: text('txid').primaryKey(),
  amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
  description: text('description').notNull().default(''),
  /** API Pix status: ATIVA | CONCLUIDA | REMOVIDA_PELO_USUARIO_RECEBEDOR. */
  status: text('status').notNull().default('ATIVA'),
  expiresInSeconds: integer('expires_in_seconds').notNull(),
  createdAt: createdAt(),
  e2eid: text('e2eid'),
  paidAmount: numeric('paid_amount', { precision: 10, scale: 2 }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  refunds: jsonb('refunds')
    .$type<Array<{ id: string; rtrId: string; valor: string; status: string; at: string }>>()
    .notNull()
    .default([]),
});

/**
 * Login and sign-up attempt counters (server/auth/rate-limit.ts), in the database so that every
 * API process on it counts together and a restart forgets nothing. `key` is a SHA-256 of what is
 * counted (e-mail, client address): no address or e-mail is stored in the clear.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/** Responses remembered per Idempotency-Key for operations that are not naturally idempotent. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.key] })],
);

/** The store's link to its WhatsApp gateway instance. */
export const whatsappConnections = pgTable('whatsapp_connections', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  instanceName: text('instance_name').notNull(),
  /** Shared secret the gateway sends back in webhook headers. Never logged. */
  webhookSecret: text('webhook_secret').notNull(),
  state: text('state').notNull().default('disconnected'),
  connectedNumber: text('connected_number'),
  updatedAt: updatedAt(),
});

/** Every conversation turn with a customer: incoming, assistant replies, owner replies, campaigns. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    author: text('author').$type<'customer' | 'assistant' | 'owner' | 'campaign'>().notNull(),
    text: text('text').notNull(),
    mediaUrl: text('media_url'),
    /**
     * The gateway's id of the WhatsApp message this turn came in as (Evolution's key.id), when
     * it came through a webhook: the gateway retries a delivery, and the same id is logged and
     * answered once (unique per store; NULLs, e.g. Talí's own turns, never collide).
     */
    gatewayMessageId: text('gateway_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversation_store_phone_idx').on(t.storeId, t.phone, t.createdAt),
    uniqueIndex('conversation_store_gateway_message_uq').on(t.storeId, t.gatewayMessageId),
  ],
);

/** What the built-in sandbox gateway "delivered": read by the sandbox page. */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    toNumber: text('to_number').notNull(),
    text: text('text').notNull(),
    mediaUrl: text('media_url'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_messages_store_idx').on(t.storeId, t.createdAt)],
);
