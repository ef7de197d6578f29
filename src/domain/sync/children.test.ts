import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ApiChildrenOf,
  CHILD_DESCRIPTORS,
  type ChildDescriptor,
  childrenOf,
  childrenToDevice,
  type DeviceChildrenOf,
  type FeedChildrenOf,
} from './children';
import { SYNCED_ENTITIES } from './registry';
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
    // A child's parent must be a registered entity.
    // @ts-expect-error 'invoice' is not registered
    const orphan: ChildDescriptor = { ...SAMPLE_LABELS, parent: 'invoice' };
    void orphan;
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

  it('finds the children of a parent, and every registered child has a registered parent', () => {
    const kinds = SYNCED_ENTITIES.map((e) => e.kind as string);
    for (const child of CHILD_DESCRIPTORS) expect(kinds).toContain(child.parent);
    expect(childrenOf('customer', [SAMPLE_LABELS])).toEqual([SAMPLE_LABELS]);
    expect(childrenOf('product', [SAMPLE_LABELS])).toEqual([]);
  });
});
