#!/usr/bin/env node
// The production server as one JavaScript file (build/server/main.mjs), run with plain `node`:
// no TypeScript compiler at start. Dependencies stay in node_modules (--packages=external); the
// SQL migrations and the storefront's page script are put beside the bundle. `--out <dir>` builds
// elsewhere (the multi-process test), a folder inside the checkout so node_modules resolves.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const outAt = process.argv.indexOf('--out');
const out = outAt > 0 ? process.argv[outAt + 1] : 'build/server';
if (!out) throw new Error('--out needs a folder');
fs.rmSync(out, { recursive: true, force: true });

await build({
  entryPoints: ['server/main.ts'],
  outfile: `${out}/main.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // CommonJS dependencies imported from ESM still find `require` for their own needs.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});

// server/db/client.ts reads `<its folder>/migrations`; in the bundle its folder is build/server.
fs.cpSync('server/db/migrations', `${out}/migrations`, { recursive: true });

// The storefront's scripts (storefront/bundles.json: the page's, and the order form's that the
// page loads on 'Fazer pedido'), bundled now instead of on the first storefront request.
const bundles = JSON.parse(fs.readFileSync('storefront/bundles.json', 'utf8'));
for (const [name, entry] of Object.entries(bundles.entries)) {
  await build({
    ...bundles.build,
    entryPoints: [entry],
    outfile: `${out}/${name}.js`,
    logLevel: 'warning',
  });
}

const size = fs.statSync(`${out}/main.mjs`).size;
process.stdout.write(
  `server bundle: ${path.join(out, 'main.mjs')} (${Math.round(size / 1024)} KB)\n`,
);
