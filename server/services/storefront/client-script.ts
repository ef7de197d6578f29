/**
 * Bundles the storefront's script once, on first use, and names it by its hash. esbuild is a
 * declared dependency (package.json), not borrowed from tsx: the server runs from source (tsx),
 * so bundling here keeps one way to run it (npm start, tests, dev) with no build step to forget.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export type ClientScript = { path: string; body: string };

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = path.join(here, 'client', 'storefront-page.ts');
/** The compiled server (scripts/build-server.mjs) has it bundled beside itself already. */
const prebuilt = path.join(here, 'storefront-page.js');

let bundled: Promise<ClientScript> | undefined;
let formBundled: Promise<ClientScript> | undefined;

/** The order form (issue 20): loaded only on 'Fazer pedido', so the first screen stays small. */
const formEntry = path.join(here, 'client', 'order-form.ts');
const formPrebuilt = path.join(here, 'order-form.js');

async function bundle(source = entry, built = prebuilt, name = 'loja'): Promise<ClientScript> {
  const body = fs.existsSync(built) ? fs.readFileSync(built, 'utf8') : await fromSource(source);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { path: `/loja/_/${name}.${hash}.js`, body };
}

async function fromSource(source: string): Promise<string> {
  const result = await build({
    entryPoints: [source],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** The same promise for every caller; a failed build is retried on the next request. */
export function clientScript(): Promise<ClientScript> {
  bundled ??= bundle().catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return bundled;
}

/** The order form's script, bundled once like the page's. */
export function orderFormScript(): Promise<ClientScript> {
  formBundled ??= bundle(formEntry, formPrebuilt, 'pedido').catch((error: unknown) => {
    formBundled = undefined;
    throw error;
  });
  return formBundled;
}
