/** Placeholder: /api/sync routes are being built. */
import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const syncRoutes = new Hono<AppEnv>();
