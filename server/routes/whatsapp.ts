/** /api/whatsapp: connection status, QR generation and disconnect for the caller's store. */
import { Hono } from 'hono';
import { requireStore, requireUser } from '../auth/middleware';
import { ApiError } from '../http';
import { publicBaseUrl } from '../services/public-base';
import type { ConnectionState } from '../services/whatsapp/gateway';
import { GatewayError } from '../services/whatsapp/gateway';
import type { AppEnv } from '../types';

const STATUS: Record<ConnectionState, 'CONECTADO' | 'CONECTANDO' | 'DESCONECTADO'> = {
  connected: 'CONECTADO',
  connecting: 'CONECTANDO',
  disconnected: 'DESCONECTADO',
};

/** Gateway trouble is the gateway's, not the caller's: 502 with the Portuguese reason. */
async function viaGateway<T>(work: () => Promise<T>, message?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GatewayError) throw new ApiError(502, message ?? error.message);
    throw error;
  }
}

export const whatsappRoutes = new Hono<AppEnv>();
whatsappRoutes.use('*', requireUser, requireStore);

whatsappRoutes.get('/status', async (c) => {
  const { gateway } = c.var.deps;
  const state = await viaGateway(() => gateway.state({ id: c.var.storeId }));
  return c.json({
    status: STATUS[state],
    connected: state === 'connected',
    provider: gateway.provider,
  });
});

whatsappRoutes.get('/generate-qr', async (c) => {
  const { gateway, env } = c.var.deps;
  // The sandbox's QR opens this address: never one taken from a forged public Host.
  const origin = publicBaseUrl(env, c.req.url) ?? undefined;
  const result = await viaGateway(
    () => gateway.connect({ id: c.var.storeId }, { origin }),
    'Não foi possível gerar o QR Code. Tente novamente.',
  );
  if (result.state === 'connected') {
    return c.json({
      qrCode: null,
      status: 'CONECTADO',
      connected: true,
      provider: gateway.provider,
    });
  }
  if (!result.qrCode) {
    throw new ApiError(503, 'O QR Code ainda não ficou pronto. Tente novamente.');
  }
  return c.json({
    qrCode: result.qrCode,
    status: STATUS[result.state],
    connected: false,
    provider: gateway.provider,
    ...(result.link ? { sandboxUrl: result.link } : {}),
  });
});

whatsappRoutes.delete('/disconnect', async (c) => {
  await viaGateway(
    () => c.var.deps.gateway.disconnect({ id: c.var.storeId }),
    'Não foi possível desconectar o WhatsApp. Tente novamente.',
  );
  return c.json({ status: 'DESCONECTADO', connected: false });
});
