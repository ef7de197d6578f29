/**
 * Bundles the storefront's script once, on first use, and names it by its hash. esbuild is a
 * declared dependency (package.json), not borrowed from tsx: the server runs from source (tsx),
 * so bundling here keeps one way to run it (npm start, tests, dev) with no build step to forget.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import bundles from '../../../storefront/bundles.json' with { type: 'json' };

export type ClientScript = { path: string; body: string };

type Entry = keyof typeof bundles.entries;

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..', '..');

let bundled: Promise<ClientScript> | undefined;
let formBundled: Promise<ClientScript> | undefined;

/**
 * One script of storefront/bundles.json. The compiled server (scripts/build-server.mjs) has it
 * bundled beside itself already (`<entry>.js`); from source it is bundled here, the same way.
 */
async function bundle(entry: Entry, name: string): Promise<ClientScript> {
  const built = path.join(here, `${entry}.js`);
  const source = path.join(root, bundles.entries[entry]);
  const body = fs.existsSync(built) ? fs.readFileSync(built, 'utf8') : await fromSource(source);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { path: `/loja/_/${name}.${hash}.js`, body };
}

async function fromSource(source: string): Promise<string> {
  const result = await build({
    ...(bundles.build as BuildOptions),
    entryPoints: [source],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** The same promise for every caller; a failed build is retried on the next request. */
export function clientScript(): Promise<ClientScript> {
  bundled ??= bundle('storefront-page', 'loja').catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return bundled;
}

/** The order form's script (issue 20), bundled once like the page's: loaded only on 'Fazer pedido'. */
export function orderFormScript(): Promise<ClientScript> {
  formBundled ??= bundle('order-form', 'pedido').catch((error: unknown) => {
    formBundled = undefined;
    throw error;
  });
  return formBundled;
}
