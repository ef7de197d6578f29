/**
 * /sandbox/:storeId — the built-in WhatsApp stand-in's page: opening it "scans" the QR, it lists
 * what the store sent, and its form writes to the store as a customer through the webhook pipeline.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { isValidBrazilianPhone, nationalDigits } from '../../src/domain/phone';
import { sandboxPageCsp } from '../csp';
import { isUuid, readJson } from '../http';
import { handleGatewayEvents } from '../services/assistant/handle-incoming';
import { findStoreLinkFields } from '../services/stores/store-data';
import { findConnection, saveState, secretsMatch } from '../services/whatsapp/connections';
import { sandboxIncomingPayload, sandboxPageToken } from '../services/whatsapp/sandbox-adapter';
import { sandboxConversation } from '../services/whatsapp/sandbox-inbox';
import {
  invalidLinkPage,
  SANDBOX_SCRIPT,
  SANDBOX_STYLE,
  sandboxPage,
} from '../services/whatsapp/sandbox-page';
import type { AppEnv } from '../types';
import { pipelineDeps } from './pipeline-deps';

const customerMessageSchema = z.object({
  name: z.string().trim().max(60, 'Nome muito longo').default(''),
  phone: z
    .string({ error: 'Telefone é obrigatório' })
    .refine(isValidBrazilianPhone, 'Telefone inválido. Use DDD + número.'),
  text: z
    .string({ error: 'Escreva a mensagem' })
    .trim()
    .min(1, 'Escreva a mensagem')
    .max(1000, 'Mensagem muito longa'),
});

/** The store's sandbox connection when the page token is right; null otherwise. */
async function authorised(c: Context<AppEnv>) {
  const storeId = c.req.param('storeId') ?? '';
  if (!isUuid(storeId) || c.var.deps.gateway.provider !== 'sandbox') return null;
  const row = await findConnection(c.var.deps.db, storeId);
  if (row?.provider !== 'sandbox') return null;
  return secretsMatch(c.req.query('k'), sandboxPageToken(row.webhookSecret)) ? row : null;
}

export const sandboxRoutes = new Hono<AppEnv>();
sandboxRoutes.use(
  '*',
  bodyLimit({
    maxSize: 16 * 1024,
    onError: (c) => c.json({ message: 'Mensagem muito longa' }, 413),
  }),
);

/** The page's script as a file: the page's CSP allows no inline script. */
sandboxRoutes.get('/_/whatsapp.js', (c) =>
  c.body(SANDBOX_SCRIPT, 200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'no-cache',
  }),
);

sandboxRoutes.get('/:storeId', async (c) => {
  const row = await authorised(c);
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
  c.header('content-security-policy', sandboxPageCsp(SANDBOX_STYLE));
  if (!row) return c.html(invalidLinkPage(), 401);
  // Opening the page is the "scan" of the QR shown in the app.
  if (row.state === 'connecting') await saveState(c.var.deps.db, row.storeId, 'connected');
  const store = await findStoreLinkFields(c.var.deps.db, row.storeId);
  return c.html(sandboxPage({ storeName: store.name }));
});

sandboxRoutes.get('/:storeId/messages', async (c) => {
  const row = await authorised(c);
  c.header('cache-control', 'no-store');
  if (!row) return c.json({ message: 'Link inválido ou expirado' }, 401);
  const messages = await sandboxConversation(c.var.deps.db, row.storeId);
  return c.json({ state: row.state, messages });
});

sandboxRoutes.post('/:storeId/messages', async (c) => {
  const row = await authorised(c);
  if (!row) return c.json({ message: 'Link inválido ou expirado' }, 401);
  const input = await readJson(c, customerMessageSchema);
  if (row.state !== 'connected') {
    return c.json({ message: 'O WhatsApp da loja está desconectado.' }, 409);
  }
  const deps = c.var.deps;
  const payload = sandboxIncomingPayload({ ...input, phone: nationalDigits(input.phone) });
  // The same parser and pipeline as a real gateway's webhook.
  const events = deps.gateway.parseWebhook({}, payload);
  await handleGatewayEvents(pipelineDeps(deps), row.storeId, events);
  return c.json({ ok: true });
});
