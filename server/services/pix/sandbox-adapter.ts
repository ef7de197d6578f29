/**
 * The built-in sandbox PSP (PIX_PROVIDER=sandbox, the default): charges with real dynamic BR
 * Codes kept in its own table, a page whose 'Pagar' settles a charge, and a notification posted
 * to Talí's webhook exactly as an API Pix PSP would (`{ pix: [...] }` to `${webhookUrl}/pix`).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildBrCode } from '../../../src/domain/pix/br-code';
import type { Db } from '../../db/client';
import { pixSandboxCharges } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import {
  type ChargeState,
  type CobStatus,
  type PaymentGateway,
  PaymentGatewayError,
  type RefundStatus,
  TXID_PATTERN,
} from './gateway';

export type PixNotification = {
  pix: Array<{ endToEndId: string; txid: string; valor: string; horario: string }>;
};

export type SandboxPixOptions = {
  db: Db;
  now: () => Date;
  /** Public base URL of this server: the charges' location and the default webhook. */
  baseUrl: string;
  merchantName: string;
  merchantCity: string;
  /** Delivers a notification; default an HTTP POST (tests route it into the app). */
  notify?: (url: string, body: PixNotification) => Promise<void>;
};

export type SandboxPixGateway = PaymentGateway & {
  readonly provider: 'sandbox';
  /** Location of a charge, which is also its sandbox payment page. */
  pageUrl(txid: string): string;
  /**
   * The payer's bank paying the charge: refused once expired or already paid, like a real PSP.
   * Then the webhook is notified. Returns the notification sent.
   */
  pay(txid: string): Promise<PixNotification>;
};

type Row = typeof pixSandboxCharges.$inferSelect;

async function postJson(url: string, body: PixNotification): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`webhook answered ${res.status}`);
}

/** An endToEndId as the SPI makes them: 'E' + ISPB (8) + yyyyMMddHHmm + 11 random characters. */
function newE2eid(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
  const tail = randomBytes(8).toString('hex').slice(0, 11);
  return `E00000000${stamp}${tail}`;
}

export function createSandboxPixGateway(options: SandboxPixOptions): SandboxPixGateway {
  const { db, now } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const notify = options.notify ?? postJson;
  let webhookUrl: string | null = null;

  const pageUrl = (txid: string) => `${base}/sandbox/pix/${txid}`;
  const expiresAt = (row: Row) => new Date(row.createdAt.getTime() + row.expiresInSeconds * 1000);

  async function find(txid: string): Promise<Row | null> {
    if (!TXID_PATTERN.test(txid)) return null;
    const [row] = await db.select().from(pixSandboxCharges).where(eq(pixSandboxCharges.txid, txid));
    return row ?? null;
  }

  function toState(row: Row): ChargeState {
    return {
      txid: row.txid,
      status: row.status as CobStatus,
      amount: row.amount,
      createdAt: row.createdAt,
      expiresAt: expiresAt(row),
      pix:
        row.e2eid && row.paidAmount && row.paidAt
          ? [
              {
                e2eid: row.e2eid,
                amount: row.paidAmount,
                at: row.paidAt.toISOString(),
                refunds: row.refunds.map((r) => ({
                  id: r.id,
                  amount: r.valor,
                  status: r.status as RefundStatus,
                })),
              },
            ]
          : [],
    };
  }

  /** The BR Code field holds 77 characters; a long PUBLIC_URL gets a placeholder host instead. */
  function location(txid: string): string {
    const full = pageUrl(txid).replace(/^https?:\/\//, '');
    return full.length <= 77 ? full : `sandbox.tali.invalid/pix/${txid}`;
  }

  function brCode(row: Row): string {
    return buildBrCode({
      kind: 'dynamic',
      location: location(row.txid),
      merchantName: options.merchantName,
      merchantCity: options.merchantCity,
    });
  }

  return {
    provider: 'sandbox',
    pageUrl,

    async createCharge(input) {
      if (!TXID_PATTERN.test(input.txid)) throw new PaymentGatewayError('txid inválido');
      await db
        .insert(pixSandboxCharges)
        .values({
          txid: input.txid,
          amount: input.amount,
          description: input.description.slice(0, 140),
          expiresInSeconds: input.expiresInSeconds,
          createdAt: now(),
        })
        .onConflictDoNothing();
      const row = await find(input.txid);
      if (!row) throw new PaymentGatewayError('Cobrança não criada');
      return {
        txid: row.txid,
        status: row.status as CobStatus,
        pixCopiaECola: brCode(row),
        location: location(row.txid),
        amount: row.amount,
        createdAt: row.createdAt,
        expiresAt: expiresAt(row),
      };
    },

    async getCharge(txid) {
      const row = await find(txid);
      return row ? toState(row) : null;
    },

    async cancelCharge(txid) {
      await db
        .update(pixSandboxCharges)
        .set({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })
        .where(eq(pixSandboxCharges.txid, txid));
    },

    async refund(input) {
      const [row] = await db
        .select()
        .from(pixSandboxCharges)
        .where(eq(pixSandboxCharges.e2eid, input.e2eid));
      if (!row) throw new PaymentGatewayError('Pix não encontrado para devolução', 404);
      const existing = row.refunds.find((r) => r.id === input.id);
      if (existing) return { id: existing.id, status: existing.status as RefundStatus };
      const refund = {
        id: input.id,
        rtrId: `D${newE2eid(now()).slice(1)}`,
        valor: input.amount,
        status: 'DEVOLVIDO',
        at: now().toISOString(),
      };
      await db
        .update(pixSandboxCharges)
        .set({ refunds: [...row.refunds, refund] })
        .where(eq(pixSandboxCharges.txid, row.txid));
      return { id: refund.id, status: 'DEVOLVIDO' };
    },

    async registerWebhook(url) {
      webhookUrl = url.replace(/\/+$/, '');
    },

    async pay(txid) {
      const row = await find(txid);
      if (!row) throw new PaymentGatewayError('Cobrança não encontrada', 404);
      if (row.status === 'CONCLUIDA')
        throw new PaymentGatewayError('Esta cobrança já foi paga', 409);
      if (row.status !== 'ATIVA') throw new PaymentGatewayError('Esta cobrança foi cancelada', 409);
      const at = now();
      if (at >= expiresAt(row)) throw new PaymentGatewayError('Esta cobrança expirou', 409);
      const e2eid = newE2eid(at);
      await db
        .update(pixSandboxCharges)
        .set({ status: 'CONCLUIDA', e2eid, paidAmount: row.amount, paidAt: at })
        .where(eq(pixSandboxCharges.txid, txid));
      const body: PixNotification = {
        pix: [{ endToEndId: e2eid, txid, valor: row.amount, horario: at.toISOString() }],
      };
      const target = `${webhookUrl ?? `${base}/api/webhooks/pix`}/pix`;
      try {
        await notify(target, body);
      } catch (error) {
        // Like a PSP whose webhook failed: the payment stands; Talí's re-check will find it.
        logger.warn('sandbox pix webhook not delivered', { error: errorSummary(error) });
      }
      return body;
    },
  };
}
