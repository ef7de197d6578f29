/** Serves the built PWA (STATIC_DIR): files with per-class cache headers and the SPA fallback. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './types';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Revalidate every time: they name the hashed files, so a stale copy pins an old release. */
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';
const ALWAYS_FRESH = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

const NOT_BUILT =
  'A interface do Talí ainda não foi compilada. Rode `npm run build` e reinicie o servidor.\n';

/** By URL path: '/' and folders resolve to their index.html. */
function cacheControlFor(urlPath: string): string {
  const relative = urlPath.endsWith('/') ? `${urlPath.slice(1)}index.html` : urlPath.slice(1);
  if (relative.startsWith('assets/')) return IMMUTABLE;
  if (ALWAYS_FRESH.has(relative) || relative.endsWith('.html')) return REVALIDATE;
  return SHORT;
}

/**
 * A navigation wants the app shell; a missing script or image must stay a 404. Browsers name
 * text/html; curl, link checkers and some in-app browsers send only "any type" (or no Accept): for
 * them an app route (no file extension in its last segment, not under /assets/) is the shell too.
 */
function isNavigation(urlPath: string, accept: string | undefined): boolean {
  const wanted = (accept ?? '*/*').toLowerCase();
  if (wanted.includes('text/html')) return true;
  if (!wanted.includes('*/*')) return false;
  const last = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return !urlPath.startsWith('/assets/') && !last.includes('.');
}

export function staticRoutes(staticDir: string) {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  const app = new Hono<AppEnv>();
  const files = serveStatic<AppEnv>({ root });

  // Never answer API paths with the shell: an unknown /api route is a JSON 404 from app.ts.
  app.use('*', async (c, next) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // Checked per request so `npm run build` while the server runs is picked up.
    if (!existsSync(indexFile)) return c.text(NOT_BUILT, 503, { 'Cache-Control': 'no-store' });
    // serveStatic builds its Response before onFound runs, so the header is set on the result.
    const found = await files(c, async () => {});
    if (!found) return next();
    found.headers.set('Cache-Control', cacheControlFor(c.req.path));
    return found;
  });

  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || !isNavigation(c.req.path, c.req.header('accept'))) {
      return c.text('Não encontrado', 404);
    }
    return c.html(readFileSync(indexFile, 'utf8'), 200, { 'Cache-Control': REVALIDATE });
  });

  return app;
}
