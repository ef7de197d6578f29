/** Placeholder: /api/customers routes are being built. */
import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const customerRoutes = new Hono<AppEnv>();
