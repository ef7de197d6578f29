import { describe, expect, expectTypeOf, it } from 'vitest';
import { CUSTOMER_LABELS } from '../customer';
import { ORDER_ITEMS } from '../order-items';
import { PRODUCT_PHOTOS } from '../photo';
import {
  type ApiChildrenOf,
  type ChildDescriptor,
  childrenToDevice,
  type DeviceChildrenOf,
  type FeedChildrenOf,
} from './children';
import { childrenOf, SYNCED_ENTITIES } from './registry';
import type { Flag } from './rows';
import { SAMPLE_LABELS } from './sample-child';

describe('child entities in the registry', () => {
  it('derives the types of the children each side carries from the child map', () => {
    type Labels = typeof SAMPLE_LABELS;
    expectTypeOf<ApiChildrenOf<Labels>>().toEqualTypeOf<
      {
        id: string;
        name: string;
        color: string | null;
        position: number;
        pinned: boolean;
        createdAt: string;
      }[]
    >();
    expectTypeOf<FeedChildrenOf<Labels>>().toEqualTypeOf<
      { id: string; name: string; color: string | null; position: number; pinned: boolean }[]
    >();
    expectTypeOf<DeviceChildrenOf<Labels>>().toEqualTypeOf<
      { id: string; name: string; color: string | null; position: number; pinned: Flag }[]
    >();
    // A child orders its array by one of its own fields.
    // @ts-expect-error 'rank' is not a field of the child's map
    const unordered: ChildDescriptor<Labels['columns']> = { ...SAMPLE_LABELS, orderBy: 'rank' };
    void unordered;
  });

  it('keeps on the device what the feed carries, as the device keeps any field', () => {
    const labels = childrenToDevice(SAMPLE_LABELS, [
      { id: 'a', name: 'VIP', color: '#f00', position: 1, pinned: true },
      { id: 'b', name: 'Atacado', color: null, position: 2, pinned: false },
    ]);
    expect(labels).toEqual([
      { id: 'a', name: 'VIP', color: '#f00', position: 1, pinned: 1 },
      { id: 'b', name: 'Atacado', color: null, position: 2, pinned: 0 },
    ]);
    expect(childrenToDevice(SAMPLE_LABELS, undefined)).toEqual([]);
  });

  it("registers each child in its parent's own entry, under a field the parent's map does not use", () => {
    expect(childrenOf('customer')).toEqual([CUSTOMER_LABELS]);
    expect(childrenOf('order')).toEqual([ORDER_ITEMS]);
    expect(childrenOf('product')).toEqual([PRODUCT_PHOTOS]);
    expect(childrenOf('label')).toEqual([]);
    const kinds = SYNCED_ENTITIES.flatMap((e) => e.children.map((c) => c.kind));
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const e of SYNCED_ENTITIES) {
      for (const c of e.children) expect(Object.keys(e.columns), e.kind).not.toContain(c.field);
    }
  });
});
