/** Test helpers for the device layer: a fresh TaliDb per test and a scripted fetch. */
import type { FeedProduct, SyncResponse } from '~/domain/api-types';
import type { FeedConversation } from '~/domain/conversation';
import { ENTITY_DESCRIPTORS } from '~/domain/sync/entities';
import { TaliDb } from './db';
import type { DeviceContext, FetchLike } from './transport';

export type SentRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
};

export type Responder = (req: SentRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** A context whose fetch records every request and answers with `responder`. */
export function testContext(responder: Responder): DeviceContext & {
  sent: SentRequest[];
  respond: (next: Responder) => void;
} {
  let current = responder;
  const sent: SentRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const req: SentRequest = {
      url,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    sent.push(req);
    return current(req);
  };
  const db = new TaliDb(`test-${crypto.randomUUID()}`);
  return {
    db,
    transport: { fetch, token: () => 'token-123' },
    sent,
    respond: (next) => {
      current = next;
    },
  };
}

/** A product as GET /api/sync carries it. */
export const feedProduct = (
  id: string,
  name: string,
  revision: number,
  extra: Partial<FeedProduct> = {},
) => ({
  id,
  name,
  description: '',
  price: '10.00',
  active: true,
  stock: null,
  revision,
  deleted: false as const,
  ...extra,
});

/** A customer's chat as GET /api/sync carries it: one 'Oi' from the customer, nothing unread. */
export const feedChat = (
  id: string,
  phone: string,
  at: string,
  extra: Partial<FeedConversation> = {},
): FeedConversation & { deleted: false } => ({
  id,
  phone,
  customerId: null,
  pushName: '',
  lastMessageAt: at,
  lastText: 'Oi',
  lastAuthor: 'customer',
  unread: 0,
  needsHuman: false,
  assistantPausedUntil: null,
  assistantOff: false,
  revision: 1,
  deleted: false,
  ...extra,
});

/** A GET /api/sync answer: an empty list per synced table, cursor "0", no more pages, unless given. */
export const syncPage = (p: Partial<SyncResponse>): SyncResponse => ({
  ...(Object.fromEntries(ENTITY_DESCRIPTORS.map((e) => [e.table, []])) as unknown as Omit<
    SyncResponse,
    'cursor' | 'hasMore'
  >),
  cursor: '0',
  hasMore: false,
  ...p,
});
