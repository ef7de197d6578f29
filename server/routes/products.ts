/** Placeholder: /api/products routes are being built. */
import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const productRoutes = new Hono<AppEnv>();
