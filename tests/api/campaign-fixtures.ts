/**
 * Shared by the campaign tests: customers written straight to the database, the sandbox WhatsApp
 * connected, images, a movable clock.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../server/db/client';
import { customers, stores } from '../../server/db/schema';
import { ensureConnection, saveState } from '../../server/services/whatsapp/connections';
import { sandboxPageToken } from '../../server/services/whatsapp/sandbox-adapter';

export type CustomerSeed = { name: string; phone: string; optedOut?: boolean; deleted?: boolean };

export async function addCustomers(db: Db, storeId: string, list: CustomerSeed[]) {
  const rows = list.map((c, i) => ({
    id: randomUUID(),
    storeId,
    name: c.name,
    phone: c.phone,
    optedOut: c.optedOut ?? false,
    deletedAt: c.deleted ? new Date() : null,
    // Distinct creation times: "the first record of a shared number" is well defined.
    createdAt: new Date(Date.now() - (list.length - i) * 1000),
  }));
  if (rows.length) await db.insert(customers).values(rows);
  return rows;
}

/** `n` customers with distinct mobile numbers. */
export function manyCustomers(n: number, prefix = 'Cliente'): CustomerSeed[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `${prefix} ${i + 1} Silva`,
    phone: `119${String(10_000_000 + i).padStart(8, '0')}`,
  }));
}

export async function setStore(
  db: Db,
  storeId: string,
  values: Partial<typeof stores.$inferInsert>,
) {
  await db.update(stores).set(values).where(eq(stores.id, storeId));
}

/** Campaign pacing for the built-in sandbox gateway's tests: no gap between messages, all day. */
export const INSTANT_SENDING = {
  CAMPAIGN_SEND_MIN_MS: '0',
  CAMPAIGN_SEND_MAX_MS: '0',
  CAMPAIGN_SEND_WINDOW: '00:00-24:00',
} as const;

/**
 * The store's WhatsApp on the built-in sandbox gateway, connected (as after scanning its QR).
 * Answers the path of the sandbox page that lists the messages the store's customers got.
 */
export async function connectSandboxWhatsApp(db: Db, storeId: string): Promise<string> {
  const row = await ensureConnection(db, storeId, 'sandbox');
  await saveState(db, storeId, 'connected');
  return `/sandbox/${storeId}/messages?k=${sandboxPageToken(row.webhookSecret)}`;
}

/** A test clock: starts at `start`, moved by hand. */
export function movableClock(start: Date) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set: (d: Date) => {
      at = d.getTime();
    },
    advance: (ms: number) => {
      at += ms;
    },
  };
}

/** A real image with EXIF (camera, GPS) as a data URL. */
export async function photoDataUrl(
  format: 'jpeg' | 'png' | 'webp',
  size = { width: 64, height: 48 },
  declared: string = `image/${format}`,
): Promise<string> {
  const img = sharp({
    create: { width: size.width, height: size.height, channels: 3, background: '#c0392b' },
  }).withExif({
    IFD0: { Make: 'PhoneCam', Model: 'X1', Copyright: 'segredo' },
    IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1' },
  });
  const bytes = await img.toFormat(format).toBuffer();
  return `data:${declared};base64,${bytes.toString('base64')}`;
}
