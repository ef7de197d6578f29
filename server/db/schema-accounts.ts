/** Drizzle schema, accounts: users, their sessions and their stores. */
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { DeliverySettings } from '../../src/domain/delivery';
import type { BusinessHours } from '../../src/domain/hours';
import type { OrderMessageTexts } from '../../src/domain/order-notices';
import { at, belongsTo, createdAt, updatedAt, uuidKey } from './schema-columns';

export type BotPersonalizacao = {
  mensagemBoasVindas: string;
  tomVoz: string;
  informacoesImportantes: string;
};

export const users = pgTable('users', {
  id: uuidKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

/** The row's user; deleting the user deletes their rows. */
export const userRef = () => belongsTo('user_id', () => users.id);

/**
 * Bearer sessions: only the SHA-256 of the opaque token is stored. Ending a session deletes the
 * row. Lifetime, renewal and ending: docs/decisions/001-auth-tokens.md.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** What the session list shows and ends by: never the token nor its hash. */
    id: uuid('id').notNull().unique().defaultRandom(),
    userId: userRef(),
    createdAt: createdAt(),
    /** Renewed by use, at most once per TOUCH_EVERY_MS (server/auth/sessions.ts). */
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    /** min(last use + idle limit, creation + absolute cap): the row is dead from then on. */
    expiresAt: at('expires_at').notNull(),
    /** 'Chrome no Android': read from the User-Agent at sign-in, for the session list. */
    device: text('device').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const stores = pgTable('stores', {
  id: uuidKey(),
  userId: userRef().unique(),
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
  /** 'Entrega' (GET/PUT /api/entrega, issue 38); null = never saved: the defaults. */
  delivery: jsonb('delivery').$type<DeliverySettings>(),
  /** The store's Pix key for its orders (CPF/CNPJ digits, +55 phone, e-mail or random key). */
  pixKey: text('pix_key'),
  /** The customer's WhatsApp texts per order status, as the owner edited them ({} = defaults). */
  orderMessages: jsonb('order_messages').$type<OrderMessageTexts>().notNull().default({}),
  /** The effective daily campaign limit (spec §9 default 1). */
  dailyCampaignLimit: integer('daily_campaign_limit').notNull().default(1),
  /**
   * Kept for the spec's entity; "sent today" is computed from the campaigns confirmed in the
   * store's day (services/campaigns/daily-limit.ts), which needs no reset at midnight.
   */
  dailyCampaignsSent: integer('daily_campaigns_sent').notNull().default(0),
  lastCampaignPageAccess: at('last_campaign_page_access'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
