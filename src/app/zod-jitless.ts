/**
 * Imported first by the entry (src/main.tsx): the app runs under a CSP without 'unsafe-eval'
 * (server/csp.ts), and zod probes `new Function` when a schema is built unless jitless is set,
 * which the browser reports as a violation even though zod catches it. zod reads this global
 * config object when it loads, so it must exist before any schema module is evaluated.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
