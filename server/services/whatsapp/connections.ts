/** The store's row in whatsapp_connections: instance name, webhook secret and last known state. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whatsappConnections } from '../../db/schema';
import type { ConnectionState, GatewayProvider } from './gateway';

export type ConnectionRow = typeof whatsappConnections.$inferSelect;

/** Gateway instance name: derived from the store id so it is stable and unique. */
export function instanceNameFor(storeId: string): string {
  return `tali-${storeId}`;
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export async function findConnection(db: Db, storeId: string): Promise<ConnectionRow | null> {
  const [row] = await db
    .select()
    .from(whatsappConnections)
    .where(eq(whatsappConnections.storeId, storeId))
    .limit(1);
  return row ?? null;
}

/** The store's row for this provider, created (with a fresh secret) on first use. */
export async function ensureConnection(
  db: Db,
  storeId: string,
  provider: GatewayProvider,
): Promise<ConnectionRow> {
  const existing = await findConnection(db, storeId);
  if (existing && existing.provider === provider) return existing;
  const values = {
    storeId,
    provider,
    instanceName: instanceNameFor(storeId),
    webhookSecret: newSecret(),
    state: 'disconnected',
    connectedNumber: null,
  };
  // Two first calls at once (status poll + QR) must not overwrite each other's secret: the row
  // is only replaced when the provider changed.
  const [row] = await db
    .insert(whatsappConnections)
    .values(values)
    .onConflictDoUpdate({
      target: whatsappConnections.storeId,
      set: { ...values, updatedAt: sql`now()` },
      setWhere: sql`${whatsappConnections.provider} <> ${provider}`,
    })
    .returning();
  const current = row ?? (await findConnection(db, storeId));
  if (!current) throw new Error('whatsapp connection upsert returned nothing');
  return current;
}

export async function saveState(
  db: Db,
  storeId: string,
  state: ConnectionState,
  extra: { webhookSecret?: string } = {},
): Promise<void> {
  await db
    .update(whatsappConnections)
    .set({ state, ...extra, updatedAt: sql`now()` })
    .where(eq(whatsappConnections.storeId, storeId));
}

/** The gateway called the store's webhook now (any event, any answer). */
export async function noteWebhook(db: Db, storeId: string): Promise<void> {
  await db
    .update(whatsappConnections)
    .set({ lastEventAt: sql`now()` })
    .where(eq(whatsappConnections.storeId, storeId));
}

/** Constant-time comparison of secrets of any length (hashing first equalises the lengths). */
export function secretsMatch(given: string | undefined | null, expected: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function asConnectionState(value: string): ConnectionState {
  return value === 'connected' || value === 'connecting' ? value : 'disconnected';
}
