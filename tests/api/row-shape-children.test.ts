/**
 * The child derivation on a real table: a sample child (a customer's labels, sample-child.ts) in
 * a table made for this file. The database's JSON of a customer with its labels (the feed's SQL
 * and the list's) equals the JavaScript serializers' field by field, with optional fields set and
 * unset, deleted children left out, in the child's order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childrenSerializer,
  jsonObjectSql,
  type ServerRowOf,
  toApiCustomer,
  toSyncCustomer,
} from '../../server/services/sync/serialize';
import { CUSTOMER_COLUMNS } from '../../src/domain/customer';
import { childrenToDevice } from '../../src/domain/sync/children';
import { SAMPLE_LABELS } from '../../src/domain/sync/sample-child';
import { createOwner, newId } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`CREATE TABLE test_customer_labels (
    id uuid PRIMARY KEY, customer_id uuid NOT NULL, name text NOT NULL, color text,
    position integer NOT NULL, pinned boolean NOT NULL,
    created_at timestamptz NOT NULL, deleted_at timestamptz)`);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
/** Raw rows with timestamps as the Date objects Drizzle's table queries give (raw SQL may not). */
const rowsOf = (result: unknown) =>
  (result as { rows: Json[] }).rows.map((row) => {
    const typed: Json = { ...row };
    for (const key of ['createdAt', 'updatedAt', 'deletedAt']) {
      if (typeof row[key] === 'string') typed[key] = new Date(row[key]);
    }
    return typed;
  });

describe('a child entity travelling in its parent', () => {
  it('is the same in the database JSON and in the serializers, in the feed and the list', async () => {
    const owner = await createOwner(t);
    const id = newId();
    const created = await t.call(
      'POST',
      '/api/customers',
      { id, name: 'Ana', phone: '11987650001' },
      owner.token,
    );
    expect(created.status).toBe(201);
    const at = new Date('2026-11-25T12:34:56.789Z');
    const labels = [
      { id: newId(), name: 'Atacado', color: null, position: 2, pinned: false, deleted: null },
      { id: newId(), name: 'VIP', color: '#f00', position: 1, pinned: true, deleted: null },
      { id: newId(), name: 'Antiga', color: '#0f0', position: 0, pinned: true, deleted: at },
    ];
    for (const l of labels) {
      await t.db.execute(sql`INSERT INTO test_customer_labels VALUES (${l.id}, ${id}, ${l.name},
        ${l.color}, ${l.position}, ${l.pinned}, ${at.toISOString()}, ${l.deleted?.toISOString() ?? null})`);
    }
    const customer = rowsOf(
      await t.db.execute(sql`SELECT id, name, phone, opted_out AS "optedOut", revision,
        created_at AS "createdAt", updated_at AS "updatedAt", deleted_at AS "deletedAt"
        FROM customers WHERE id = ${id}`),
    )[0] as unknown as ServerRowOf<typeof CUSTOMER_COLUMNS>;
    const childRows = rowsOf(
      await t.db.execute(sql`SELECT id, name, color, position, pinned, created_at AS "createdAt",
        deleted_at AS "deletedAt" FROM test_customer_labels WHERE customer_id = ${id}`),
    ) as unknown as ServerRowOf<typeof SAMPLE_LABELS.columns>[];

    const children = { children: [SAMPLE_LABELS] };
    const [feedSql] = rowsOf(
      await t.db.execute(
        sql`SELECT ${sql.raw(
          jsonObjectSql(CUSTOMER_COLUMNS, 'feed', { ...children, parentRef: 'customers' }),
        )}::text AS obj FROM customers WHERE id = ${id}`,
      ),
    );
    const [listSql] = rowsOf(
      await t.db.execute(
        sql`SELECT ${sql.raw(
          jsonObjectSql(CUSTOMER_COLUMNS, 'list', { ...children, parentRef: 'page' }),
        )}::text AS obj FROM (SELECT * FROM customers WHERE id = ${id}) AS page`,
      ),
    );
    const feed = JSON.parse(String(feedSql?.obj));
    const list = JSON.parse(String(listSql?.obj));

    expect(feed).toStrictEqual({
      ...toSyncCustomer(customer),
      labels: childrenSerializer(SAMPLE_LABELS, 'feed')(childRows),
    });
    expect(list).toStrictEqual({
      ...toApiCustomer(customer),
      labels: childrenSerializer(SAMPLE_LABELS, 'list')(childRows),
    });
    // Live children only, in the child's order; a list-only field stays out of the feed.
    expect(feed.labels).toStrictEqual([
      { id: labels[1]?.id, name: 'VIP', color: '#f00', position: 1, pinned: true },
      { id: labels[0]?.id, name: 'Atacado', color: null, position: 2, pinned: false },
    ]);
    expect(list.labels[0]).toMatchObject({ createdAt: at.toISOString() });
    expect(childrenToDevice(SAMPLE_LABELS, feed.labels).map((l) => l.pinned)).toEqual([1, 0]);
  });

  it('stays out of the rows it does not travel in', () => {
    const feedOnly = { ...SAMPLE_LABELS, travels: { feed: true, list: false } };
    const context = { children: [feedOnly], parentRef: 'customers' };
    expect(jsonObjectSql(CUSTOMER_COLUMNS, 'feed', context)).toContain("'labels'");
    expect(jsonObjectSql(CUSTOMER_COLUMNS, 'list', context)).not.toContain("'labels'");
  });
});
