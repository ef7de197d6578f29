/** Drizzle schema: the single source of truth for both engines (PGlite and PostgreSQL). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BusinessHours } from '../../src/domain/hours';

/** One sequence orders every synced change (products, customers): the sync cursor. */
export const syncRevision = pgSequence('sync_revision', { startWith: 1 });
/** Use as the value of `revision` on every insert and update of a synced row. */
export const nextRevision = sql<number>`nextval('sync_revision')`;

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
  dailyCampaignLimit: text('daily_campaign_limit').notNull().default('1'),
  dailyCampaignsSent: text('daily_campaigns_sent').notNull().default('0'),
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
  (t) => [index('products_store_revision_idx').on(t.storeId, t.revision)],
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
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    mensagem: text('mensagem').notNull(),
    imageUrl: text('image_url'),
    status: text('status').notNull().default('agendado'),
    sentCount: text('sent_count').notNull().default('0'),
    scheduledDate: text('scheduled_date'),
    sendNow: boolean('send_now').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('campaigns_store_created_idx').on(t.storeId, t.createdAt)],
);

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
    /** Last time the PSP was asked about this charge (throttles re-checks). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
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
  (t) => [uniqueIndex('pix_unmatched_once').on(t.reason, t.txid, t.e2eid)],
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
    createdAt: createdAt(),
  },
  (t) => [index('conversation_store_phone_idx').on(t.storeId, t.phone, t.createdAt)],
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
