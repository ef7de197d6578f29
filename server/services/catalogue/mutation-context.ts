/** What every catalogue mutation runs for: the caller's store and the request's clock. */
// Its own module so that mutations.ts and the handlers it lists (csv-import-route.ts) share it
// without importing each other.
export type MutationContext = { storeId: string; now: Date };
