/**
 * The synced entities as plain data: the half of each registry entry (registry.ts) that the
 * service worker also needs — kind, tables, paths, messages — with nothing that pulls zod or row
 * rules into the worker's bundle. Every fact about an entity is written once, here or in
 * registry.ts; nothing else lists the synced entities.
 */

/** One synced kind of row, as data. */
export type EntityDescriptor = {
  /** The tag in `X-Tali-Entity` ("product:<id>") and in dead letters. */
  readonly kind: string;
  /** The Dexie table on the device, and the key of GET /api/sync's answer. */
  readonly table: string;
  /** POST basePath (upsert by the client's id), PUT and DELETE basePath/:id. */
  readonly basePath: `/api/${string}`;
  /** Other POSTs under basePath that are catalogue mutations (queued, batched, replayed). */
  readonly extraPosts: readonly `/${string}`[];
  /** Dexie indexes of the device table ('id' first; 'pending' is required by the pull). */
  readonly indexes: string;
  /** How the refused-changes list names a row of this kind ("produto"). */
  readonly noun: string;
  /** The API's refusals, in Portuguese (spec §8; decision 003). */
  readonly messages: { notFound: string; wasDeleted: string; gone: string };
};

export const PRODUCTS = {
  kind: 'product',
  table: 'products',
  basePath: '/api/products',
  extraPosts: ['/import-csv'],
  indexes: 'id, [searchKey+id], active, pending',
  noun: 'produto',
  messages: {
    notFound: 'Produto não encontrado',
    wasDeleted: 'Este produto foi excluído.',
    gone: 'Este produto foi excluído. Cadastre-o novamente para recriá-lo.',
  },
} as const satisfies EntityDescriptor;

/** Customer labels (docs/decisions/021-labels-audiences.md): Portuguese path, as the issue names it. */
export const LABELS = {
  kind: 'label',
  table: 'labels',
  basePath: '/api/etiquetas',
  extraPosts: [],
  indexes: 'id, searchKey, pending',
  noun: 'etiqueta',
  messages: {
    notFound: 'Etiqueta não encontrada',
    wasDeleted: 'Esta etiqueta foi excluída.',
    gone: 'Esta etiqueta foi excluída. Crie-a novamente para recriá-la.',
  },
} as const satisfies EntityDescriptor;

export const CUSTOMERS = {
  kind: 'customer',
  table: 'customers',
  basePath: '/api/customers',
  // Many customers per request (issue 22): server/services/catalogue/customer-import.ts.
  extraPosts: ['/import'],
  // searchKey: the list's order; phone: one customer per number (the dialog, the import).
  // Labels are filtered in memory: no index (device schema v5).
  indexes: 'id, searchKey, phone, pending',
  noun: 'cliente',
  messages: {
    notFound: 'Cliente não encontrado',
    wasDeleted: 'Este cliente foi excluído.',
    gone: 'Este cliente foi excluído. Cadastre-o novamente para recriá-lo.',
  },
} as const satisfies EntityDescriptor;

export const ORDERS = {
  kind: 'order',
  table: 'orders',
  basePath: '/api/pedidos',
  extraPosts: [],
  indexes: 'id, createdAt, status, pending',
  noun: 'pedido',
  messages: {
    notFound: 'Pedido não encontrado',
    wasDeleted: 'Este pedido foi excluído.',
    gone: 'Este pedido foi excluído.',
  },
} as const satisfies EntityDescriptor;

export const CONVERSATIONS = {
  kind: 'conversation',
  table: 'conversations',
  basePath: '/api/conversas',
  extraPosts: [],
  // Newest first (lastMessageAt); one chat per number (phone); the search (searchKey).
  indexes: 'id, lastMessageAt, phone, searchKey, pending',
  noun: 'conversa',
  messages: {
    notFound: 'Conversa não encontrada',
    wasDeleted: 'Esta conversa foi removida.',
    gone: 'Esta conversa foi removida.',
  },
} as const satisfies EntityDescriptor;

/**
 * The version of the device database (Dexie, src/db/db.ts), whose synced tables and indexes come
 * from the descriptors above: raise it when an entity is added or its `indexes` change (and when
 * db.ts changes a table of its own). Dexie 4 would otherwise patch the schema itself, with a warning.
 * Also raised when a field starts to travel to the device (5: products' stock): db.ts's upgrade
 * to that version makes the next pull start from "0", so rows pulled before get the field.
 * 6: the conversations (issue 37). 7: orders' fee, payment method and status (issue 38).
 * 8: db.ts's own tables of a chat's cached turns and held replies (issue 37).
 * 9: the campaign an order came through (issue 41: the reports' campaigns on the device).
 * 10: where an order was placed, the storefront or the WhatsApp chat (issue 39).
 */
export const DEVICE_SCHEMA_VERSION = 10;

/** Every synced entity, in the order the pull applies them (labels before the customers using them). */
export const ENTITY_DESCRIPTORS = [PRODUCTS, LABELS, CUSTOMERS, ORDERS, CONVERSATIONS] as const;

export type AnyDescriptor = (typeof ENTITY_DESCRIPTORS)[number];
export type EntityKind = AnyDescriptor['kind'];
export type EntityTableName = AnyDescriptor['table'];

const BY_KIND = new Map<string, AnyDescriptor>(ENTITY_DESCRIPTORS.map((e) => [e.kind, e]));

export function isEntityKind(kind: string): kind is EntityKind {
  return BY_KIND.has(kind);
}

export function descriptorOf<K extends EntityKind>(kind: K): Extract<AnyDescriptor, { kind: K }> {
  return BY_KIND.get(kind) as Extract<AnyDescriptor, { kind: K }>;
}

/** The entity whose API a path belongs to ("/api/products/…" → products), or undefined. */
export function entityOfPath(path: string): AnyDescriptor | undefined {
  return ENTITY_DESCRIPTORS.find((e) => path === e.basePath || path.startsWith(`${e.basePath}/`));
}

/**
 * A synced singleton: one resource of the store (not rows with ids) that the owner changes with a
 * whole-section PUT, offline too. The worker queues and replays it in the same line as the rows
 * (alone, not batched); the device keeps the section's latest body as pending until the server
 * has it (src/db/pending-settings.ts), with the same pending rule and dead letters as rows. Its
 * tag in `X-Tali-Entity` is "<kind>:me". Several sections may share one path (both PUT
 * /api/stores/me): each is its own kind, so each screen knows what of its own is waiting.
 */
export type SingletonDescriptor = {
  readonly kind: string;
  readonly method: 'PUT';
  readonly path: `/api/${string}`;
  /**
   * The field of the cached store (GET /api/stores/me) the body replaces whole, when the section
   * has its own resource (/api/entrega's body is the store's `delivery`); absent: the body's
   * fields are the store's own.
   */
  readonly storeField?: 'delivery';
};

export const STORE_DATA = {
  kind: 'store-data',
  method: 'PUT',
  path: '/api/stores/me',
} as const satisfies SingletonDescriptor;

export const STORE_HOURS = {
  kind: 'store-hours',
  method: 'PUT',
  path: '/api/stores/me',
} as const satisfies SingletonDescriptor;

export const BOT_CONFIG = {
  kind: 'bot-config',
  method: 'PUT',
  path: '/api/stores/bot-config',
} as const satisfies SingletonDescriptor;

/** 'Entrega' (issue 38): zones, fees, minimum; GET /api/stores/me carries it as `delivery`. */
export const DELIVERY = {
  kind: 'delivery',
  method: 'PUT',
  path: '/api/entrega',
  storeField: 'delivery',
} as const satisfies SingletonDescriptor;

/** The store's Pix key (issue 38), PUT /api/stores/me. */
export const ORDER_SETTINGS = {
  kind: 'order-settings',
  method: 'PUT',
  path: '/api/stores/me',
} as const satisfies SingletonDescriptor;

/** The customer's WhatsApp texts per order status (issue 38), PUT /api/stores/me {orderMessages}. */
export const ORDER_MESSAGES = {
  kind: 'order-messages',
  method: 'PUT',
  path: '/api/stores/me',
} as const satisfies SingletonDescriptor;

export const SINGLETON_DESCRIPTORS = [
  STORE_DATA,
  STORE_HOURS,
  BOT_CONFIG,
  DELIVERY,
  ORDER_SETTINGS,
  ORDER_MESSAGES,
] as const;
export type SingletonKind = (typeof SINGLETON_DESCRIPTORS)[number]['kind'];
/** The one id of a singleton in its tag ("store-data:me"). */
export const SINGLETON_ID = 'me';

export function isSingletonKind(kind: string): kind is SingletonKind {
  return SINGLETON_DESCRIPTORS.some((s) => s.kind === kind);
}

/** A singleton's own method and path (PUT /api/stores/me), which works offline. */
export function isSingletonRoute(method: string, path: string): boolean {
  return SINGLETON_DESCRIPTORS.some((s) => s.method === method && s.path === path);
}

export function descriptorOfSingleton<K extends SingletonKind>(
  kind: K,
): Extract<(typeof SINGLETON_DESCRIPTORS)[number], { kind: K }> {
  return SINGLETON_DESCRIPTORS.find((s) => s.kind === kind) as Extract<
    (typeof SINGLETON_DESCRIPTORS)[number],
    { kind: K }
  >;
}
