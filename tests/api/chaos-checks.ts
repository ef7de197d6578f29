/** The chaos test's invariant checks and the shapes they compare (chaos-model.ts runs them). */
export type ProductState = { name: string; description: string; price: string; active: boolean };
export type CustomerState = { name: string; phone: string };
export type Expected<F> = Map<string, F | 'deleted'>;

export class InvariantError extends Error {}

export function check(condition: boolean, message: string, detail?: unknown): asserts condition {
  if (!condition) {
    throw new InvariantError(
      detail === undefined ? message : `${message}: ${JSON.stringify(detail)}`,
    );
  }
}

export const productFields = (r: {
  name: string;
  description: string;
  price: string;
  active: boolean | number;
}): ProductState => ({
  name: r.name,
  description: r.description,
  price: r.price,
  active: Boolean(r.active),
});
export const customerFields = (r: { name: string; phone: string }): CustomerState => ({
  name: r.name,
  phone: r.phone,
});
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What each device has shown and written, for the per-device guarantees. */
export type DeviceModel = {
  /** The last fields written here, per row (read-your-writes while pending). */
  written: Map<string, unknown>;
  /** Rows deleted here: never shown here again. */
  deletedHere: Set<string>;
  /** The highest revision shown per row, and the cursor (monotonic reads). */
  seen: Map<string, number>;
  cursor: bigint;
};

export type RunStats = {
  ops: number;
  skipped: number;
  refusals: number;
  kills: number;
  restarts: number;
  faults: number;
  /** Committed erasures (chaos-erase.ts), and refused edits of an erased customer. */
  erasures: number;
  erasedRefusals: number;
};
