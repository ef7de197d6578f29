/**
 * /api/webhooks/whatsapp/:storeId — called by the WhatsApp gateway. Authenticated by the
 * store's own secret in a header; answers 401 / 400 / 200, never a 500 (the gateway retries).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isUuid, readJson } from '../http';
import { errorSummary, logger } from '../logger';
import { handleGatewayEvents } from '../services/assistant/handle-incoming';
import { confirmEchoes } from '../services/orders/order-messages-reconcile';
import { findConnection, noteWebhook, secretsMatch } from '../services/whatsapp/connections';
import { WEBHOOK_SECRET_HEADER, WebhookPayloadError } from '../services/whatsapp/gateway';
import { isReceipt, recordReceipts } from '../services/whatsapp/receipts';
import type { AppEnv } from '../types';
import { pipelineDeps } from './pipeline-deps';

export const webhookRoutes = new Hono<AppEnv>();

webhookRoutes.post('/whatsapp/:storeId', async (c) => {
  const deps = c.var.deps;
  const storeId = c.req.param('storeId');
  const unauthorized = () => c.json({ message: 'Não autorizado' }, 401);
  // Unknown store and wrong secret answer alike, so the endpoint does not reveal which stores exist.
  if (!isUuid(storeId)) return unauthorized();
  const connection = await findConnection(deps.db, storeId);
  if (!connection || connection.provider !== deps.gateway.provider) return unauthorized();
  if (!secretsMatch(c.req.header(WEBHOOK_SECRET_HEADER), connection.webhookSecret)) {
    return unauthorized();
  }

  // Not JSON is a 400 like any route's; strings arrive cleaned (a NUL would fail the log insert).
  const body = await readJson(c, z.unknown());
  let events: ReturnType<typeof deps.gateway.parseWebhook>;
  try {
    events = deps.gateway.parseWebhook(c.req.header(), body);
  } catch (error) {
    if (error instanceof WebhookPayloadError) {
      // The reason only, never the payload (customers' messages are personal data).
      logger.warn('webhook refused', { storeId, reason: error.message });
      return c.json({ message: error.message }, 400);
    }
    throw error;
  }
  try {
    // Any authenticated call is a sign of life: the status route trusts a gateway that calls.
    await noteWebhook(deps.db, storeId);
    await recordReceipts(deps.db, connection, events.filter(isReceipt));
    // An order message whose send had no answer, echoed by the phone: sent (logged as ours first).
    await confirmEchoes(deps.db, storeId, events, deps.now());
    await handleGatewayEvents(
      pipelineDeps(deps),
      storeId,
      events.filter((e) => !isReceipt(e)),
    );
  } catch (error) {
    // Our failure, not the gateway's: acknowledge so it does not retry the same message forever.
    logger.error('webhook processing failed', { storeId, error: errorSummary(error) });
  }
  return c.json({ received: events.length });
});
