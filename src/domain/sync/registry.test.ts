import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiCustomer, CustomerFields, LocalCustomer } from '../customer';
import type { LABEL_COLUMNS, LabelFields, LocalLabel } from '../label';
import type { FeedOrder, LocalOrder, OrderFields } from '../order';
import type { ApiProduct, FeedProduct, LocalProduct, ProductFields } from '../product';
import { columnsOf, type FeedRowOf } from './columns';
import { ENTITY_DESCRIPTORS } from './entities';
import { entityTag, isBatchable, isOfflineCapable, parseEntityTag } from './protocol';
import {
  type ApiOf,
  type EntityOf,
  entityByTable,
  entityOf,
  type FieldsOf,
  type LocalOf,
  SYNCED_ENTITIES,
} from './registry';
import type { Flag, LocalSyncedRow } from './rows';

const id = '0b6a3f0e-1d2c-4e5f-8a9b-0c1d2e3f4a5b';

describe('the synced-entity registry', () => {
  it('names every kind, table and path once', () => {
    for (const key of ['kind', 'table', 'basePath'] as const) {
      const values = ENTITY_DESCRIPTORS.map((e) => e[key]);
      expect(new Set(values).size).toBe(values.length);
    }
    expect(SYNCED_ENTITIES.map((e) => e.kind)).toEqual(ENTITY_DESCRIPTORS.map((e) => e.kind));
    for (const e of SYNCED_ENTITIES) {
      expect(entityOf(e.kind)).toBe(e);
      expect(entityByTable(e.table)).toBe(e);
      // The pull reads pending rows through this index.
      expect(e.indexes.split(',').map((s) => s.trim())).toEqual(
        expect.arrayContaining(['id', 'pending']),
      );
    }
  });

  it.each(SYNCED_ENTITIES.map((e) => [e.kind, e] as const))(
    'the worker queues and batches exactly the mutations of %s',
    (_, e) => {
      expect(isBatchable('POST', e.basePath)).toBe(true);
      expect(isBatchable('PUT', `${e.basePath}/${id}`)).toBe(true);
      expect(isBatchable('DELETE', `${e.basePath}/${id}`)).toBe(true);
      for (const extra of e.extraPosts) expect(isBatchable('POST', e.basePath + extra)).toBe(true);
      expect(isBatchable('PATCH', `${e.basePath}/${id}`)).toBe(false);
      expect(isBatchable('POST', `${e.basePath}/${id}/x`)).toBe(false);
      expect(isBatchable('POST', `${e.basePath}x`)).toBe(false);
      expect(isOfflineCapable(`${e.basePath}/${id}`)).toBe(true);
      expect(parseEntityTag(entityTag(e.kind, id))).toEqual({ kind: e.kind, id });
    },
  );

  it('leaves everything else alone', () => {
    for (const path of [
      '/api/auth/login',
      '/api/stores/me',
      '/api/campaigns',
      '/api/sync/replay',
    ]) {
      expect(isOfflineCapable(path)).toBe(false);
      expect(isBatchable('POST', path)).toBe(false);
    }
    expect(parseEntityTag('invoice:1')).toBeNull();
    expect(parseEntityTag('product:')).toBeNull();
    expect(parseEntityTag(null)).toBeNull();
  });

  it('builds device rows the pull can compare', () => {
    const product = entityOf('product');
    const fromServer = product.fromServer(
      {
        id,
        name: 'Café',
        description: '',
        price: '5.00',
        active: true,
        stock: 3,
        revision: 4,
      },
      1,
    );
    // A save that leaves the stock out (the CSV import) keeps the count the device has.
    const fromDevice = product.fromFields(
      id,
      { name: 'Café', description: '', price: '5.00', active: true, stock: undefined },
      fromServer,
      2,
    );
    expect(fromServer).toMatchObject({
      pending: 0,
      revision: 4,
      priceCents: 500,
      searchKey: 'cafe',
      stock: 3,
    });
    expect(fromDevice).toMatchObject({ pending: 1, revision: 4, updatedAt: 2, stock: 3 });
    expect(product.sameContent(fromDevice, fromServer)).toBe(true);
  });
});

describe('the row shape each entry derives from its column map', () => {
  it('gives the API, feed, device and form types the screens and the server use', () => {
    expectTypeOf<ApiProduct>().toEqualTypeOf<{
      id: string;
      name: string;
      description: string;
      price: string;
      active: boolean;
      stock: number | null;
      revision: number;
      createdAt: string;
      updatedAt: string;
    }>();
    expectTypeOf<FeedProduct>().toEqualTypeOf<Omit<ApiProduct, 'createdAt' | 'updatedAt'>>();
    expectTypeOf<ProductFields>().toEqualTypeOf<
      {
        name: string;
        description: string;
        price: string;
        active: boolean;
        stock?: number | null;
      } & { stockBase?: number | null }
    >();
    expectTypeOf<CustomerFields>().toEqualTypeOf<
      { name: string; phone: string } & {
        labels?: string[];
        promoBasis?: 'consent' | 'legitimate-interest' | 'none';
      }
    >();
    // Device rows are intersections: compared both ways.
    type LocalProductWas = LocalSyncedRow &
      Omit<FeedProduct, 'active'> & { active: Flag; priceCents: number };
    expectTypeOf<LocalProduct>().toExtend<LocalProductWas>();
    expectTypeOf<LocalProductWas>().toExtend<LocalProduct>();
    type LocalCustomerWas = LocalSyncedRow & {
      name: string;
      phone: string;
      optedOut: Flag;
      createdAt: string;
      labels: string[];
    };
    expectTypeOf<LocalCustomer>().toExtend<LocalCustomerWas>();
    expectTypeOf<LocalCustomerWas>().toExtend<LocalCustomer>();
  });

  it("types each entry by its entity's own rows (what generic code reads through the registry)", () => {
    expectTypeOf<ApiOf<EntityOf<'product'>>>().toEqualTypeOf<FeedProduct>();
    expectTypeOf<LocalOf<EntityOf<'product'>>>().toEqualTypeOf<LocalProduct>();
    expectTypeOf<FieldsOf<EntityOf<'product'>>>().toEqualTypeOf<ProductFields>();
    // What the feed carries of a label (its API row less the server's times).
    expectTypeOf<ApiOf<EntityOf<'label'>>>().toEqualTypeOf<FeedRowOf<typeof LABEL_COLUMNS>>();
    expectTypeOf<LocalOf<EntityOf<'label'>>>().toEqualTypeOf<LocalLabel>();
    expectTypeOf<FieldsOf<EntityOf<'label'>>>().toEqualTypeOf<LabelFields>();
    expectTypeOf<ApiOf<EntityOf<'customer'>>>().toEqualTypeOf<ApiCustomer>();
    expectTypeOf<LocalOf<EntityOf<'customer'>>>().toEqualTypeOf<LocalCustomer>();
    expectTypeOf<FieldsOf<EntityOf<'customer'>>>().toEqualTypeOf<CustomerFields>();
    expectTypeOf<ApiOf<EntityOf<'order'>>>().toEqualTypeOf<FeedOrder>();
    expectTypeOf<LocalOf<EntityOf<'order'>>>().toEqualTypeOf<LocalOrder>();
    expectTypeOf<FieldsOf<EntityOf<'order'>>>().toEqualTypeOf<OrderFields>();
  });

  it('gives every kept field a device row can be saved without a value the device owns', () => {
    for (const e of SYNCED_ENTITIES) {
      for (const c of columnsOf(e.columns)) {
        if (c.device && !c.schema && c.name !== 'id') expect(c.initial, c.name).toBeDefined();
      }
    }
  });

  it("keeps the server's fields of a customer through a save on the device", () => {
    const customer = entityOf('customer');
    const server = customer.fromServer(
      {
        id,
        name: 'Ana',
        phone: '11987654321',
        labels: [],
        optedOut: true,
        revision: 7,
        createdAt: '2026-01-02T03:04:05.006Z',
        updatedAt: '2026-01-03T03:04:05.006Z',
      },
      1,
    );
    expect(server).toEqual({
      id,
      name: 'Ana',
      phone: '11987654321',
      labels: [],
      optedOut: 1,
      revision: 7,
      createdAt: '2026-01-02T03:04:05.006Z',
      searchKey: 'ana',
      pending: 0,
      updatedAt: 1,
    });
    const saved = customer.fromFields(id, { name: 'Ana Souza', phone: '11987654321' }, server, 2);
    expect(saved).toMatchObject({ optedOut: 1, revision: 7, createdAt: server.createdAt });
    expect(customer.sameContent(saved, server)).toBe(false);
    // Labels: kept from the device row when a save gives none; compared as a set by the pull.
    expect(saved.labels).toEqual([]);
    const labelled = customer.fromFields(id, { ...saved, labels: ['b', 'a'] }, saved, 3);
    expect(customer.body(labelled)).toMatchObject({ labels: ['b', 'a'] });
    expect(customer.sameContent(labelled, { ...labelled, labels: ['a', 'b'] })).toBe(true);
    expect(customer.sameContent(labelled, { ...labelled, labels: ['a'] })).toBe(false);
    const fresh = customer.fromFields(id, { name: 'Bia', phone: '11987654322' }, undefined, 0);
    expect(fresh).toMatchObject({
      optedOut: 0,
      revision: 0,
      createdAt: '1970-01-01T00:00:00.000Z',
    });
    expect(customer.body({ name: 'Bia', phone: '1', extra: 1 } as never)).toEqual({
      name: 'Bia',
      phone: '1',
    });
  });
});
