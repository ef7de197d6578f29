/**
 * The registry owns the row shape: for every registered entity, the column map matches the
 * Drizzle table, and the feed (GET /api/sync), the one-row read (GET /api/sync/<table>/<id>),
 * the whole list (GET /api/<table>) and the answers of POST/PUT agree field by field, for rows
 * with every optional field set and for rows with none set.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../server/db/schema';
import { writeStore } from '../../server/db/store-write';
import { noteTurn } from '../../server/services/conversations/chat-state';
import { setAssistant } from '../../server/services/conversations/handover';
import { chatTombstone } from '../../server/services/conversations/retention';
import { columnsOf, SQL_TYPES } from '../../src/domain/sync/columns';
import type { EntityKind } from '../../src/domain/sync/entities';
import { type AnyEntity, SYNCED_ENTITIES } from '../../src/domain/sync/registry';
import { createOwner, newId, type Owner } from './fixtures';
import { addProduct, placeOrder } from './orders-fixtures';
import { type Json, type Sample, sampleOf } from './row-samples';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * What an entity's rules need beyond the rows made from its map (row-samples.ts): a new entity
 * needs no entry unless its rules refuse those rows.
 */
const OWN: { readonly [K in EntityKind]?: Partial<Sample> } = {
  customer: {
    // One customer per phone in a store: each row gets a number of its own.
    bare: () => ({ name: 'Ana', phone: nextPhone() }),
    full: () => ({ name: 'Bia Souza', phone: nextPhone() }),
    serverSets: { opted_out: true },
  },
  order: {
    // Orders are placed on the storefront, not POSTed to /api/pedidos; the owner sends a status.
    bare: () => ({ status: 'novo' }),
    full: () => ({ status: 'novo' }),
    make: async (owner, variant) => {
      const shop = { ...owner, slug: await slugOf(owner) };
      const productId = await addProduct(t, shop, { name: 'Pão', price: '1.50' });
      const full = variant === 'full';
      const placed = await placeOrder(t, shop, {
        items: [{ productId, quantity: 2 }],
        ...(full
          ? { delivery: 'entrega', address: 'Rua A, 1 — 01001-000', note: 'Sem cebola' }
          : {}),
      });
      expect(placed.status).toBe(201);
      return placed.body.id as string;
    },
  },
  conversation: {
    // Chats are written by the WhatsApp pipeline (a logged turn), never through /api/conversas.
    make: async (owner, variant) => {
      const phone = nextPhone();
      const full = variant === 'full';
      const customerId = full ? await customerOf(owner, phone) : null;
      const at = new Date();
      await noteTurn(t.db, {
        storeId: owner.storeId,
        phone,
        customerId,
        author: 'customer',
        text: 'oi',
        at,
        pushName: full ? 'Bia' : '',
      });
      if (full)
        await setAssistant(
          t.db,
          owner.storeId,
          phone,
          { ativo: false, ate: new Date(at.getTime() + 60_000) },
          at,
        );
      const [row] = await t.db
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.phone, phone));
      return String(row?.id);
    },
    readOnly: {
      remove: async (owner, id) => {
        await writeStore(t.db, owner.storeId, (tx) =>
          tx
            .update(conversations)
            .set(chatTombstone(tx, new Date()))
            .where(eq(conversations.id, id)),
        );
      },
    },
  },
};

async function customerOf(owner: Owner, phone: string): Promise<string> {
  const id = newId();
  const made = await t.call(
    'POST',
    '/api/customers',
    { id, name: 'Bia Souza', phone },
    owner.token,
  );
  expect(made.status).toBe(201);
  return id;
}

async function slugOf(owner: Owner): Promise<string> {
  const rows = await t.db.execute(sql`SELECT slug FROM stores WHERE id = ${owner.storeId}::uuid`);
  return String((rows as unknown as { rows: Json[] }).rows[0]?.slug);
}

let phones = 0;
const nextPhone = () => `119876${String(++phones).padStart(5, '0')}`;

// A row's own fields, then its children's arrays (a customer's `labels`, an order's `items`,
// a product's `photos`).
const childFields = (e: AnyEntity, where: 'list' | 'feed') =>
  e.children.filter((c) => c.travels[where]).map((c) => c.field);
const listFields = (e: AnyEntity) => [
  ...columnsOf(e.columns)
    .filter((c) => c.list)
    .map((c) => c.name),
  ...childFields(e, 'list'),
];
const feedFields = (e: AnyEntity) => [
  ...columnsOf(e.columns)
    .filter((c) => c.feed)
    .map((c) => c.name),
  ...childFields(e, 'feed'),
];

async function getJson(owner: Owner, path: string): Promise<unknown> {
  const res = await t.call('GET', path, undefined, owner.token);
  expect(res.status, path).toBe(200);
  return res.body;
}

/** The row as the feed, the one-row read and the whole list show it. */
async function readEverywhere(owner: Owner, e: AnyEntity, id: string, lists = true) {
  const feed = (await getJson(owner, '/api/sync?since=0&limit=5000')) as Record<string, Json[]>;
  const inFeed = feed[e.table]?.find((r) => r.id === id);
  const one = (await getJson(owner, `/api/sync/${e.table}/${id}`)) as Json;
  if (!lists) return { inFeed, one, inList: undefined, inPage: undefined };
  const list = (await getJson(owner, e.basePath)) as Json[];
  const page = (await getJson(owner, `${e.basePath}?limit=1000&offset=0`)) as Json[];
  return {
    inFeed,
    one,
    inList: list.find((r) => r.id === id),
    inPage: page.find((r) => r.id === id),
  };
}

describe.each(SYNCED_ENTITIES.map((e) => [e.kind, e] as const))('the row shape of %s', (_, e) => {
  const sample = sampleOf(e, OWN[e.kind]);

  it('names each field of the map as the Drizzle table has it, with its SQL type', () => {
    const drizzle = getTableColumns(sample.table);
    for (const c of columnsOf(e.columns)) {
      const column = drizzle[c.name];
      expect(column, c.name).toBeDefined();
      expect(column?.name, c.name).toBe(c.column);
      expect(column?.getSQLType(), c.name).toBe(SQL_TYPES[c.type]);
      expect(column?.notNull, c.name).toBe(!c.nullable);
    }
  });

  it.each([
    ['with no optional field set', 'bare'],
    ['with every optional field set', 'full'],
  ] as const)(
    'agrees in the feed, the one-row read, the list and the answers, %s',
    async (__, variant) => {
      const owner = await createOwner(t);
      const id = sample.make ? await sample.make(owner, variant) : newId();
      const created = sample.make
        ? { status: 201, body: sample[variant]() }
        : await t.call('POST', e.basePath, { id, ...sample[variant]() }, owner.token);
      expect(created.status).toBe(201);
      if (sample.readOnly) {
        const { inFeed, one } = await readEverywhere(owner, e, id, false);
        expect(Object.keys(inFeed ?? {}).sort()).toEqual([...feedFields(e), 'deleted'].sort());
        expect(one).toStrictEqual(inFeed);
        return;
      }
      if (variant === 'full' && Object.keys(sample.serverSets).length > 0) {
        const sets = Object.entries(sample.serverSets).map(
          ([column, value]) => sql`${sql.identifier(column)} = ${value}`,
        );
        await t.db.execute(
          sql`UPDATE ${sample.table} SET ${sql.join(sets, sql`, `)} WHERE ${eq(sql`id`, id)}`,
        );
      }
      // The same body again changes nothing and answers the row as it now is (toApi).
      const again = await t.call('PUT', `${e.basePath}/${id}`, created.body, owner.token);
      expect(again.status).toBe(200);
      const answer = again.body as Json;

      const { inFeed, one, inList, inPage } = await readEverywhere(owner, e, id);
      // The API's row: the same in the answers (JavaScript) and the lists (SQL), field by field.
      expect(Object.keys(answer).sort()).toEqual(listFields(e).sort());
      expect(inList).toStrictEqual(answer);
      expect(inPage).toStrictEqual(answer);
      // The feed's row: the same in the feed (SQL) and the one-row read (JavaScript).
      expect(Object.keys(inFeed ?? {}).sort()).toEqual([...feedFields(e), 'deleted'].sort());
      expect(one).toStrictEqual(inFeed);
      // And a field both carry has one value.
      for (const name of feedFields(e).filter((f) => listFields(e).includes(f))) {
        expect(inFeed?.[name], name).toStrictEqual(answer[name]);
      }
      // The set variant really sets what the bare one leaves at its default.
      if (variant === 'full') {
        for (const [column, value] of Object.entries(sample.serverSets)) {
          const c = columnsOf(e.columns).find((x) => x.column === column);
          expect(answer[c?.name ?? column]).toBe(value);
        }
      }
    },
  );

  // Orders are never deleted (DELETE /api/pedidos/:id is a 405): they have no tombstone to read.
  it.skipIf(sample.make !== undefined && !sample.readOnly)(
    'agrees on a deleted row: the same tombstone in the feed and the one-row read',
    async () => {
      const owner = await createOwner(t);
      const { make, readOnly } = sample;
      const id = make ? await make(owner, 'bare') : newId();
      if (readOnly) await readOnly.remove(owner, id);
      else {
        await t.call('POST', e.basePath, { id, ...sample.bare() }, owner.token);
        const deleted = await t.call('DELETE', `${e.basePath}/${id}`, undefined, owner.token);
        expect(deleted.status).toBe(204);
      }
      const { inFeed, one, inList } = await readEverywhere(owner, e, id, !readOnly);
      expect(inFeed).toStrictEqual({ id, deleted: true, revision: expect.any(Number) });
      expect(one).toStrictEqual(inFeed);
      expect(inList).toBeUndefined();
    },
  );
});
