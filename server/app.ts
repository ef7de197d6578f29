/** The Hono app on built services: every route under /api, error handling, static PWA. */
import path from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { SYNCED_ENTITIES } from '../src/domain/sync/registry';
import { bodyCaps } from './body-caps';
import { appShellCspHeader } from './csp';
import { trackForeground } from './foreground';
import { ApiError } from './http';
import { errorSummary, logger } from './logger';
import { noStore } from './no-store';
import { healthRoutes } from './ops/health';
import { createMetrics } from './ops/metrics';
import { type ProcessStatus, processStatus } from './ops/status';
import { authRoutes } from './routes/auth';
import { campaignRoutes } from './routes/campaigns';
import { conversationSettingsRoutes } from './routes/conversations';
import { deliveryRoutes } from './routes/delivery';
import { ENTITY_ROUTES } from './routes/entity-routes';
import { authBodySpend } from './routes/login-attempts';
import { mediaRoutes } from './routes/media';
import { orderPageRoutes } from './routes/order-page';
import { orderPublicRoutes } from './routes/orders-public';
import { paymentRoutes } from './routes/payments';
import { privacyRoutes } from './routes/privacy';
import { pushRoutes } from './routes/push';
import { quickReplyRoutes } from './routes/quick-replies';
import { reportRoutes } from './routes/reports';
import { sandboxRoutes } from './routes/sandbox';
import { storefrontRoutes } from './routes/storefront';
import { storefrontPrivacyRoutes } from './routes/storefront-privacy';
import { storeRoutes } from './routes/stores';
import { syncRoutes } from './routes/sync';
import { webhookRoutes } from './routes/webhooks';
import { whatsappRoutes } from './routes/whatsapp';
import { staticRoutes } from './static';
import type { AppEnv, Services } from './types';

export type AppOptions = {
  /** Folder of the built PWA to serve for non-API paths; tests leave it out. */
  staticDir?: string | undefined;
  /** Draining and jobs state for /readyz (the runtime's); by default a process without workers. */
  status?: ProcessStatus;
};

/** Only mounts routes: services are built once by server/runtime.ts. */
export function createApp(deps: Services, { staticDir, status }: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  const metrics = createMetrics(deps.db, deps.env.METRICS_TOKEN);

  // First, so it times the whole answer and sees its final status (off without METRICS_TOKEN).
  app.use('*', metrics.track);
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', secureHeaders({ crossOriginEmbedderPolicy: false }));
  // After secureHeaders in the chain, so it runs first on the way out: pages that set their own
  // policy (storefront, sandbox) keep it.
  app.use(
    '*',
    appShellCspHeader(staticDir ? path.join(path.resolve(staticDir), 'index.html') : undefined),
  );
  // gzip for phones on mobile data: the app's scripts are 3× smaller, a 50,000-product first
  // pull ~6×. Answers under 1 KB and clients that do not ask for it are left alone.
  app.use('*', compress());
  // compress() adds `Vary: Accept-Encoding` with c.header(), which on a finished answer rebuilds
  // it as a streamed Response (the body re-encoded and copied through a web stream): ~10 % of a
  // cached list's CPU. Set on the answer's own headers before compress() looks, it costs nothing.
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Vary')) c.res.headers.set('Vary', 'Accept-Encoding');
  });
  // Bulk work (a CSV import's chunks) waits between chunks while these are in flight.
  // Personal data: never kept by a shared cache (errors too: the middleware runs after onError).
  app.use('/api/*', noStore());
  app.use('/api/*', trackForeground());
  app.use('/api/*', bodyCaps(authBodySpend));

  // Health, readiness and metrics: for load balancers, uptime checks and Prometheus.
  app.route('/', healthRoutes(status ?? processStatus(false)));
  app.route('/', metrics.routes);
  app.route('/', paymentRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/stores', storeRoutes);
  // Every synced entity at its registry path (routes/entity-routes.ts).
  for (const entity of SYNCED_ENTITIES) app.route(entity.basePath, ENTITY_ROUTES[entity.kind]);
  app.route('/api/entrega', deliveryRoutes);
  app.route('/api/campanhas', campaignRoutes);
  app.route('/api/relatorios', reportRoutes);
  app.route('/api/sync', syncRoutes);
  app.route('/api/whatsapp', whatsappRoutes);
  app.route('/api/push', pushRoutes);
  app.route('/api/conversas-configuracao', conversationSettingsRoutes);
  app.route('/api/respostas-rapidas', quickReplyRoutes);
  app.route('/api/privacidade', privacyRoutes);
  app.route('/api/webhooks', webhookRoutes);
  app.route('/sandbox', sandboxRoutes);
  app.route('/loja', orderPublicRoutes);
  app.route('/loja', orderPageRoutes);
  // The privacy notice and its request form (issue 40), before the storefront's catch-all.
  app.route('/loja', storefrontPrivacyRoutes);
  app.route('/loja', storefrontRoutes);
  app.route('/media', mediaRoutes);

  app.get('/api/health', (c) => c.json({ ok: true }));
  app.all('/api/*', (c) => c.json({ message: 'Rota não encontrada' }, 404));
  // Last: the PWA's files and its SPA fallback, so every server route above wins.
  if (staticDir) app.route('/', staticRoutes(staticDir));

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json({ ...err.extra, message: err.message }, err.status);
    if (err instanceof HTTPException) {
      return c.json({ message: err.message || 'Requisição inválida' }, err.status);
    }
    // The client hung up mid-body (a chunked upload cut short, bodyLimit reading it): nobody
    // will read this answer and it is no server fault, so no error log.
    // Only that case: a real fault while the client happens to leave must still be logged.
    if (c.req.raw.signal.aborted && (err as { code?: unknown }).code === 'ECONNRESET') {
      return c.json({ message: 'Requisição interrompida pelo cliente' }, 400);
    }
    // Unexpected: log the error (never the request body, which may hold secrets) and hide it.
    logger.error('unhandled error', {
      path: c.req.path,
      method: c.req.method,
      error: errorSummary(err),
    });
    return c.json({ message: 'Erro interno. Tente novamente mais tarde.' }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
