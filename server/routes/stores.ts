/** Placeholder: /api/stores routes are being built. */
import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const storeRoutes = new Hono<AppEnv>();
