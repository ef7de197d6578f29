/** The floor for bench/api.ts: a bare Hono route on @hono/node-server, no database, no auth. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/bare', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) });
