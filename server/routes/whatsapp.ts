/**
 * /api/whatsapp: connection status (told honestly), QR generation, pairing code and disconnect
 * for the caller's store.
 */
import { Hono } from 'hono';
import { normalizePhone, PHONE_INVALID } from '../../src/domain/phone';
import { requireStore, requireUser } from '../auth/middleware';
import { ApiError } from '../http';
import { publicBaseUrl } from '../services/public-base';
import { type ConnectionState, GatewayError } from '../services/whatsapp/gateway';
import { honestStatus, STATUS_OF as STATUS } from '../services/whatsapp/honest-state';
import { toInternational } from '../services/whatsapp/phone-jid';
import type { AppEnv } from '../types';

/** Gateway trouble is the gateway's, not the caller's: 502 with the Portuguese reason. */
async function viaGateway<T>(work: () => Promise<T>, message?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GatewayError) throw new ApiError(502, message ?? error.message);
    throw error;
  }
}

type Attempt = { state: ConnectionState; link?: string };

/**
 * The answer of a connection attempt: already connected, or the QR or code to show (503 while the
 * gateway has none ready yet), with the sandbox's test page when there is one.
 */
function attemptAnswer(
  field: 'qrCode' | 'pairingCode',
  shown: string | null | undefined,
  result: Attempt,
  provider: string,
  notReady: string,
) {
  if (result.state === 'connected') {
    return { [field]: null, status: 'CONECTADO', connected: true, provider };
  }
  if (!shown) throw new ApiError(503, notReady);
  return {
    [field]: shown,
    status: STATUS[result.state],
    connected: false,
    provider,
    ...(result.link ? { sandboxUrl: result.link } : {}),
  };
}

export const whatsappRoutes = new Hono<AppEnv>();
whatsappRoutes.use('*', requireUser, requireStore);

whatsappRoutes.get('/status', async (c) => {
  const { gateway, db } = c.var.deps;
  return c.json(await viaGateway(() => honestStatus(db, gateway, c.var.storeId)));
});

/** 'Conectar com código': the store's number → the 8-character code to type on the phone. */
whatsappRoutes.get('/pairing-code', async (c) => {
  const { gateway, env } = c.var.deps;
  const national = normalizePhone(c.req.query('number') ?? '');
  if (!national) throw new ApiError(400, PHONE_INVALID);
  if (!gateway.pairingCode) {
    throw new ApiError(501, 'Este servidor de WhatsApp não conecta por código. Use o QR Code.');
  }
  const origin = publicBaseUrl(env, c.req.url) ?? undefined;
  const pairing = gateway.pairingCode;
  const result = await viaGateway(
    () => pairing.call(gateway, { id: c.var.storeId }, toInternational(national), { origin }),
    'Não foi possível gerar o código. Tente novamente.',
  );
  const notReady = 'O código ainda não ficou pronto. Tente novamente.';
  return c.json(
    attemptAnswer('pairingCode', result.pairingCode, result, gateway.provider, notReady),
  );
});

whatsappRoutes.get('/generate-qr', async (c) => {
  const { gateway, env } = c.var.deps;
  // The sandbox's QR opens this address: never one taken from a forged public Host.
  const origin = publicBaseUrl(env, c.req.url) ?? undefined;
  const result = await viaGateway(
    () => gateway.connect({ id: c.var.storeId }, { origin }),
    'Não foi possível gerar o QR Code. Tente novamente.',
  );
  const notReady = 'O QR Code ainda não ficou pronto. Tente novamente.';
  return c.json(attemptAnswer('qrCode', result.qrCode, result, gateway.provider, notReady));
});

whatsappRoutes.delete('/disconnect', async (c) => {
  await viaGateway(
    () => c.var.deps.gateway.disconnect({ id: c.var.storeId }),
    'Não foi possível desconectar o WhatsApp. Tente novamente.',
  );
  return c.json({ status: 'DESCONECTADO', connected: false });
});
