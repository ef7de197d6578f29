/**
 * A value made on first use instead of when its module loads. For Intl formatters above all:
 * the first one a page makes loads the locale's data, and a currency formatter its currency
 * data too — 130–260 ms at 4× CPU in Chromium (issue 42), a long task in the storefront's
 * script and the app's start-up for screens that format nothing yet.
 */
export function madeOnUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
