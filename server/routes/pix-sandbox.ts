/**
 * /sandbox/pix/:txid — the sandbox PSP's payment page (the charge's location): shows the
 * charge and 'Pagar' settles it, after which the sandbox notifies Talí's webhook like a PSP.
 */

import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { requireStore, requireUser } from '../auth/middleware';
import { sandboxPageCsp } from '../csp';
import { payments } from '../db/schema';
import { PaymentGatewayError } from '../services/pix/gateway';
import type { SandboxPixGateway } from '../services/pix/sandbox-adapter';
import {
  PIX_SANDBOX_SCRIPT,
  PIX_SANDBOX_STYLE,
  pixSandboxNotFoundPage,
  pixSandboxPage,
} from '../services/pix/sandbox-page';
import type { AppEnv } from '../types';

function sandbox(c: Context<AppEnv>): SandboxPixGateway | null {
  const pix = c.var.deps.pix;
  return pix?.provider === 'sandbox' ? (pix as SandboxPixGateway) : null;
}

export const pixSandboxRoutes = new Hono<AppEnv>();

/** The page's script as a file: the page's CSP allows no inline script. */
pixSandboxRoutes.get('/_/pix.js', (c) =>
  c.body(PIX_SANDBOX_SCRIPT, 200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'no-cache',
  }),
);

pixSandboxRoutes.get('/:txid', async (c) => {
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
  c.header('content-security-policy', sandboxPageCsp(PIX_SANDBOX_STYLE));
  const gateway = sandbox(c);
  const charge = gateway ? await gateway.getCharge(c.req.param('txid')) : null;
  if (!gateway || !charge) return c.html(pixSandboxNotFoundPage(), 404);
  const expired = charge.status === 'ATIVA' && charge.expiresAt <= c.var.deps.now();
  return c.html(
    pixSandboxPage({
      amount: charge.amount,
      merchantName: c.var.deps.env.PIX_MERCHANT_NAME,
      description: 'Campanha de mensagens Talí',
      state: expired
        ? 'EXPIRADA'
        : charge.status === 'ATIVA' || charge.status === 'CONCLUIDA'
          ? charge.status
          : 'REMOVIDA',
      expiresAt: charge.expiresAt,
    }),
  );
});

/**
 * 'Pagar' needs the session of the owner whose store the charge belongs to, in every mode: the
 * page's address travels in the BR Code, so without this anybody could pay a campaign for free.
 * The page sends the app's own token (same origin: it reads the app's localStorage).
 */
pixSandboxRoutes.post('/:txid/pagar', requireUser, requireStore, async (c) => {
  const gateway = sandbox(c);
  if (!gateway) return c.json({ message: 'Cobrança não encontrada' }, 404);
  const txid = c.req.param('txid');
  const [own] = await c.var.deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.txid, txid), eq(payments.storeId, c.var.storeId)));
  if (!own) return c.json({ message: 'Cobrança não encontrada' }, 404);
  try {
    await gateway.pay(txid);
  } catch (error) {
    if (error instanceof PaymentGatewayError) {
      return c.json({ message: error.message }, error.status === 404 ? 404 : 409);
    }
    throw error;
  }
  return c.json({ ok: true });
});
