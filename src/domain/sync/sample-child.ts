/**
 * A sample child entry for the tests of the child derivations (children.test.ts,
 * tests/api/row-shape-children.test.ts): no feature uses it, and it is in no registry list.
 */
import { z } from 'zod';
import type { ChildDescriptor } from './children';
import { editable, field, idField } from './columns';

/** A customer's labels as the audiences issue might declare them. */
export const SAMPLE_LABELS = {
  kind: 'customer-label',
  table: 'test_customer_labels',
  parentKey: 'customer_id',
  field: 'labels',
  orderBy: 'position',
  travels: { feed: true, list: true },
  columns: {
    id: idField,
    name: editable('text', 'name', z.string()),
    color: field('text', 'color', { nullable: true }),
    position: field('integer', 'position'),
    pinned: field('boolean', 'pinned'),
    createdAt: field('timestamp', 'created_at', { feed: false, device: false }),
  },
} as const satisfies ChildDescriptor;
