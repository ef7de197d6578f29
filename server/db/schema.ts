/**
 * Drizzle schema: the single source of truth for both engines (PGlite and PostgreSQL), one file
 * per area (schema-*.ts). drizzle.config.ts reads this file, so every area is exported here.
 */

export * from './schema-accounts';
export * from './schema-campaigns';
export * from './schema-catalogue';
export * from './schema-chat-carts';
export * from './schema-columns';
export * from './schema-consent';
export * from './schema-conversations';
export * from './schema-labels';
export * from './schema-media';
export * from './schema-messaging';
export * from './schema-order-messages';
export * from './schema-orders';
export * from './schema-payments';
export * from './schema-platform';
export * from './schema-privacy';
export * from './schema-push';
