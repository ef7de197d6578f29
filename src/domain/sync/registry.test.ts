import { describe, expect, it } from 'vitest';
import { ENTITY_DESCRIPTORS } from './entities';
import { entityTag, isBatchable, isOfflineCapable, parseEntityTag } from './protocol';
import { entityByTable, entityOf, SYNCED_ENTITIES } from './registry';

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
    expect(parseEntityTag('order:1')).toBeNull();
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
        revision: 4,
      },
      1,
    );
    const fromDevice = product.fromFields(
      id,
      { name: 'Café', description: '', price: '5.00', active: true },
      fromServer,
      2,
    );
    expect(fromServer).toMatchObject({
      pending: 0,
      revision: 4,
      priceCents: 500,
      searchKey: 'cafe',
    });
    expect(fromDevice).toMatchObject({ pending: 1, revision: 4, updatedAt: 2 });
    expect(product.sameContent(fromDevice, fromServer)).toBe(true);
  });
});
