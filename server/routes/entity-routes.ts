/**
 * Each synced entity of the registry (src/domain/sync/registry.ts) → its routes, keyed by kind:
 * an entity added to the registry without its routes here does not compile. app.ts mounts each
 * at its descriptor's basePath, so a new entity adds a line here, not a mount in app.ts.
 */
import type { Hono } from 'hono';
import type { EntityKind } from '../../src/domain/sync/registry';
import type { AppEnv } from '../types';
import { conversationRoutes } from './conversations';
import { customerRoutes } from './customers';
import { labelRoutes } from './labels';
import { orderRoutes } from './orders';
import { productRoutes } from './products';

export const ENTITY_ROUTES: { readonly [K in EntityKind]: Hono<AppEnv> } = {
  product: productRoutes,
  label: labelRoutes,
  customer: customerRoutes,
  order: orderRoutes,
  conversation: conversationRoutes,
};
