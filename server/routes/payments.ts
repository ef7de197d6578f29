/**
 * Pix payments over HTTP: GET /api/pagamentos/:id for the caller's store, the PSP's webhook
 * (POST /api/webhooks/pix and …/pix/pix, where API Pix PSPs post), and the sandbox PSP's page.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requireStore, requireUser } from '../auth/middleware';
import { notFound } from '../http';
import { toPaymentView } from '../services/payments/payment-view';
import { getStorePayment } from '../services/payments/payments-service';
import { handlePixNotification } from '../services/payments/webhook';
import type { AppEnv } from '../types';
import { pixSandboxRoutes } from './pix-sandbox';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Pagamento não encontrado';

export const paymentRoutes = new Hono<AppEnv>();

paymentRoutes.get('/api/pagamentos/:id', requireUser, requireStore, async (c) => {
  const id = c.req.param('id');
  if (!UUID.test(id)) throw notFound(NOT_FOUND);
  const row = await getStorePayment(c.var.deps, c.var.storeId, id);
  if (!row) throw notFound(NOT_FOUND);
  c.header('cache-control', 'no-store');
  return c.json(toPaymentView(c.var.deps, row));
});

const webhookLimit = bodyLimit({
  maxSize: 256 * 1024,
  onError: (c) => c.json({ message: 'Notificação grande demais' }, 413),
});

/**
 * Never trusted as such (API Pix webhooks are authenticated by mTLS, which a proxy terminates):
 * every txid is confirmed by GET. 200 once handled (unknown txids are recorded, not errors);
 * 503 when the PSP could not be asked, so the PSP retries.
 */
async function pixWebhook(c: Context<AppEnv>) {
  if (!c.var.deps.pix) return c.json({ message: 'Pagamentos Pix desligados' }, 404);
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return c.json({ message: 'Notificação inválida: envie JSON' }, 400);
  }
  const outcome = await handlePixNotification(c.var.deps, body);
  if (outcome.failed > 0) return c.json({ message: 'Tente novamente', ...outcome }, 503);
  return c.json(outcome);
}

paymentRoutes.post('/api/webhooks/pix', webhookLimit, pixWebhook);
paymentRoutes.post('/api/webhooks/pix/pix', webhookLimit, pixWebhook);

paymentRoutes.route('/sandbox/pix', pixSandboxRoutes);
