/** Test projects: unit (domain, device DB), API on PGlite and on PostgreSQL, browser (Chromium). */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = {
  '~': fileURLToPath(new URL('./src', import.meta.url)),
  'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)),
};
const pgUrl = process.env.TEST_DATABASE_URL;
const apiFiles = ['tests/api/**/*.test.ts', 'server/**/*.test.ts'];
/**
 * Files whose subject is not the database run in the embedded leg only (present in every run):
 * the server's own unit tests (two of them are PGlite's by name), files that open PGlite whatever
 * the leg (static files, the CSP), and the push sender's TLS trust in a child process. In the
 * PostgreSQL leg they ran the same thing a second time (~100 s of a CI run over 15 minutes).
 */
const embeddedLegOnly = [
  'server/**/*.test.ts',
  'tests/api/static.test.ts',
  'tests/api/csp.test.ts',
  'tests/api/push-server-trust.test.ts',
];
/**
 * Unit and API files run in at least two workers, even on two cores (vitest's default there is
 * one): most API time is spent waiting on a database, a child process or a paced send, not
 * computing. Every API file has its own database and listens on port 0, so files never share
 * anything. The browser files still run one at a time.
 */
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto'],
          // One module graph a worker (Dexie, React, zod, fake-indexeddb loaded once, not 88
          // times): the unit project took 47.6 s alone isolated, 16.6 s not, and passed shuffled.
          // Every file opens its own device database by name and nothing keeps module state.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-pglite',
          include: apiFiles,
          environment: 'node',
          env: { TEST_DB: 'pglite', TALI_TEST_FAST_HASH: '1' },
          // Files share a worker's loaded modules (server code, PGlite, pg-boss) instead of
          // importing them again each: nothing in them keeps state between two apps.
          isolate: false,
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(pgUrl
        ? [
            {
              resolve: { alias },
              test: {
                name: 'api-postgres',
                include: apiFiles,
                exclude: [...configDefaults.exclude, ...embeddedLegOnly],
                environment: 'node' as const,
                env: { TEST_DB: 'postgres', TALI_TEST_FAST_HASH: '1' },
                isolate: false,
                globalSetup: ['tests/api/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          // The files share one worker and its loaded modules (playwright-core, the helpers),
          // instead of a fresh process and imports each (~2–3 s a file, 32 files); each file
          // launches and closes its own browser and servers, and the helpers keep no state.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
