/**
 * The connection state the owner is shown, told honestly: a gateway that last said 'open' but
 * has not called the webhook for a while and does not answer a status call now is 'Verificando
 * conexão' (re-checked soon), never a green 'Conectado' it cannot vouch for; and a campaign the
 * disconnection paused is named, so the home card can say why nothing is going out.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema';
import { findConnection } from './connections';
import type { ConnectionState, WhatsAppGateway } from './gateway';
import { GatewayError } from './gateway';

export type ShownStatus = 'CONECTADO' | 'CONECTANDO' | 'DESCONECTADO' | 'VERIFICANDO';

export const STATUS_OF: Record<ConnectionState, ShownStatus> = {
  connected: 'CONECTADO',
  connecting: 'CONECTANDO',
  disconnected: 'DESCONECTADO',
};

/** A webhook this recent proves the gateway is alive even when one status call fails. */
export const WEBHOOK_FRESH_MS = 2 * 60_000;
/** How soon the screen asks again while checking. */
export const RECHECK_SECONDS = 10;

export type StatusAnswer = {
  status: ShownStatus;
  connected: boolean;
  provider: string;
  /** Only while checking: ask again after this many seconds. */
  recheckInSeconds?: number;
  /** The campaign a disconnection paused, for the home card. */
  pausedCampaign?: { id: string; titulo: string; reason: string };
};

async function pausedByDisconnect(db: Db, storeId: string) {
  const [row] = await db
    .select({ id: campaigns.id, titulo: campaigns.titulo, reason: campaigns.pauseReason })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.storeId, storeId),
        eq(campaigns.status, 'pausado'),
        eq(campaigns.pauseKind, 'disconnected'),
      ),
    )
    .orderBy(desc(campaigns.updatedAt))
    .limit(1);
  return row ? { id: row.id, titulo: row.titulo, reason: row.reason ?? '' } : undefined;
}

/** Reads the state at the gateway; a failed read is judged against what the store last saw. */
export async function honestStatus(
  db: Db,
  gateway: WhatsAppGateway,
  storeId: string,
  now = new Date(),
): Promise<StatusAnswer> {
  const provider = gateway.provider;
  let shown: ShownStatus;
  try {
    shown = STATUS_OF[await gateway.state({ id: storeId })];
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const row = await findConnection(db, storeId);
    if (row?.state !== 'connected') throw error;
    const fresh = row.lastEventAt && now.getTime() - row.lastEventAt.getTime() < WEBHOOK_FRESH_MS;
    shown = fresh ? 'CONECTADO' : 'VERIFICANDO';
  }
  const paused = shown === 'CONECTADO' ? undefined : await pausedByDisconnect(db, storeId);
  return {
    status: shown,
    connected: shown === 'CONECTADO',
    provider,
    ...(shown === 'VERIFICANDO' ? { recheckInSeconds: RECHECK_SECONDS } : {}),
    ...(paused ? { pausedCampaign: paused } : {}),
  };
}
