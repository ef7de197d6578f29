/**
 * A closed set of values with the label each is shown by, written once as the labels: the
 * values are the record's keys, in the order they are written.
 */

/** The keys of a labels record in their order, as the non-empty tuple `z.enum` takes. */
export function keysOf<const L extends Record<string, string>>(
  labels: L,
): readonly [keyof L & string, ...(keyof L & string)[]] {
  return Object.keys(labels) as [keyof L & string, ...(keyof L & string)[]];
}
