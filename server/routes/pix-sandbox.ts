/**
 * /sandbox/pix/:txid — the sandbox PSP's payment page (the charge's location): shows the
 * charge and 'Pagar' settles it, after which the sandbox notifies Talí's webhook like a PSP.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { PaymentGatewayError } from '../services/payments/gateway';
import type { SandboxPixGateway } from '../services/payments/sandbox-adapter';
import { pixSandboxNotFoundPage, pixSandboxPage } from '../services/payments/sandbox-page';
import type { AppEnv } from '../types';

function sandbox(c: Context<AppEnv>): SandboxPixGateway | null {
  const pix = c.var.deps.pix;
  return pix?.provider === 'sandbox' ? (pix as SandboxPixGateway) : null;
}

export const pixSandboxRoutes = new Hono<AppEnv>();

pixSandboxRoutes.get('/:txid', async (c) => {
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
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

pixSandboxRoutes.post('/:txid/pagar', async (c) => {
  const gateway = sandbox(c);
  if (!gateway) return c.json({ message: 'Cobrança não encontrada' }, 404);
  try {
    await gateway.pay(c.req.param('txid'));
  } catch (error) {
    if (error instanceof PaymentGatewayError) {
      return c.json({ message: error.message }, error.status === 404 ? 404 : 409);
    }
    throw error;
  }
  return c.json({ ok: true });
});
