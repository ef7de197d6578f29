/** PaymentGateway for any PSP implementing the Banco Central's API Pix (bacen/pix-api v2). */
import { z } from 'zod';
import { buildBrCode } from '../../../src/domain/pix/br-code';
import { logger } from '../../logger';
import { type ApiPixHttp, type ApiPixHttpOptions, createApiPixHttp } from './api-pix-http';
import {
  AMOUNT_PATTERN,
  type ChargeState,
  type CobStatus,
  type CreatedCharge,
  type PaymentGateway,
  PaymentGatewayError,
  TXID_PATTERN,
} from './gateway';

export type BcbGatewayOptions = ApiPixHttpOptions & {
  /** The receiver's Pix key (chave DICT). */
  pixKey: string;
  /** Used only when a PSP answers a location without pixCopiaECola. */
  merchantName: string;
  merchantCity: string;
};

const cobStatus = z.enum([
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
]);
const money = z.string().regex(AMOUNT_PATTERN);

/** CobCompleta, keeping only what Talí reads; PSPs may add fields (the standard allows it). */
const cobSchema = z.object({
  txid: z.string(),
  status: cobStatus,
  calendario: z.object({ criacao: z.string(), expiracao: z.coerce.number().int().positive() }),
  valor: z.object({ original: money }),
  location: z.string().optional(),
  loc: z.object({ location: z.string().optional() }).optional(),
  pixCopiaECola: z.string().optional(),
  pix: z
    .array(
      z.object({
        endToEndId: z.string(),
        valor: money,
        horario: z.string(),
        devolucoes: z
          .array(
            z.object({
              id: z.string(),
              valor: money,
              status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});
type Cob = z.infer<typeof cobSchema>;

const refundSchema = z.object({
  id: z.string(),
  status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
});

function parseCob(body: unknown, txid: string): Cob {
  const parsed = cobSchema.safeParse(body);
  if (!parsed.success || parsed.data.txid !== txid) {
    throw new PaymentGatewayError('O banco (Pix) respondeu uma cobrança em formato inesperado.');
  }
  return parsed.data;
}

function toState(cob: Cob): ChargeState {
  const createdAt = new Date(cob.calendario.criacao);
  return {
    txid: cob.txid,
    status: cob.status as CobStatus,
    amount: cob.valor.original,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + cob.calendario.expiracao * 1000),
    pix: (cob.pix ?? []).map((p) => ({
      e2eid: p.endToEndId,
      amount: p.valor,
      at: p.horario,
      refunds: (p.devolucoes ?? []).map((d) => ({ id: d.id, amount: d.valor, status: d.status })),
    })),
  };
}

function refused(status: number): PaymentGatewayError {
  return new PaymentGatewayError(
    status === 403
      ? 'O banco (Pix) negou acesso a esta operação. Verifique as permissões da aplicação.'
      : 'O banco (Pix) não aceitou o pedido. Tente novamente.',
    status,
  );
}

export function createBcbGateway(options: BcbGatewayOptions, http?: ApiPixHttp): PaymentGateway {
  const api = http ?? createApiPixHttp(options);
  const key = options.pixKey;

  async function getCob(txid: string): Promise<Cob | null> {
    const res = await api.request('GET', `/cob/${txid}`);
    if (res.status === 404) return null;
    if (res.status !== 200) throw refused(res.status);
    return parseCob(res.body, txid);
  }

  return {
    provider: 'bcb',

    async createCharge(input): Promise<CreatedCharge> {
      if (!TXID_PATTERN.test(input.txid)) throw new PaymentGatewayError('txid inválido');
      const res = await api.request('PUT', `/cob/${input.txid}`, {
        calendario: { expiracao: input.expiresInSeconds },
        valor: { original: input.amount },
        chave: key,
        solicitacaoPagador: input.description.slice(0, 140),
      });
      let cob: Cob | null;
      if (res.status === 200 || res.status === 201) {
        cob = parseCob(res.body, input.txid);
      } else if (res.status === 400 || res.status === 409) {
        // A retried PUT for a charge that is no longer ATIVA is refused: the charge exists, read it.
        cob = await getCob(input.txid);
        if (!cob) throw refused(res.status);
      } else {
        throw refused(res.status);
      }
      const state = toState(cob);
      const location = cob.location ?? cob.loc?.location ?? null;
      const pixCopiaECola =
        cob.pixCopiaECola ??
        (location
          ? buildBrCode({
              kind: 'dynamic',
              location,
              merchantName: options.merchantName,
              merchantCity: options.merchantCity,
            })
          : null);
      if (!pixCopiaECola) {
        throw new PaymentGatewayError('O banco (Pix) não devolveu o código da cobrança.');
      }
      return {
        txid: cob.txid,
        status: state.status,
        pixCopiaECola,
        location,
        amount: state.amount,
        createdAt: state.createdAt,
        expiresAt: state.expiresAt,
      };
    },

    async getCharge(txid) {
      if (!TXID_PATTERN.test(txid)) return null;
      const cob = await getCob(txid);
      return cob ? toState(cob) : null;
    },

    async cancelCharge(txid) {
      const res = await api.request('PATCH', `/cob/${txid}`, {
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      });
      // Already paid or removed: nothing to cancel; the caller re-reads the charge anyway.
      if (res.status >= 300 && res.status !== 400 && res.status !== 404) throw refused(res.status);
    },

    async refund(input) {
      const res = await api.request('PUT', `/pix/${input.e2eid}/devolucao/${input.id}`, {
        valor: input.amount,
        ...(input.description ? { descricao: input.description.slice(0, 140) } : {}),
      });
      let body = res.body;
      if (res.status === 400) {
        // Same id again (a retry): the devolução exists; read it instead of failing.
        const again = await api.request('GET', `/pix/${input.e2eid}/devolucao/${input.id}`);
        if (again.status !== 200) throw refused(res.status);
        body = again.body;
      } else if (res.status !== 200 && res.status !== 201) {
        throw refused(res.status);
      }
      const parsed = refundSchema.safeParse(body);
      if (!parsed.success) {
        throw new PaymentGatewayError('O banco (Pix) respondeu a devolução em formato inesperado.');
      }
      return parsed.data;
    },

    async registerWebhook(url) {
      const res = await api.request('PUT', `/webhook/${encodeURIComponent(key)}`, {
        webhookUrl: url,
      });
      if (res.status < 200 || res.status >= 300) throw refused(res.status);
      logger.info('pix webhook registered', { url });
    },
  };
}
