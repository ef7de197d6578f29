/**
 * Vite plugin: puts the HTML of the first screens into index.html, with the start-up that paints
 * one at once and loads the app (src/app/first-screen-boot.ts, compiled inline).
 */
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { createServer, type Plugin, type Rolldown } from 'vite';
import type { AppFiles } from '../src/app/first-screen-boot';
import type { FirstScreens } from '../src/app/first-screen-markup';

/** Renders the real screen components in Node (Vite's SSR loader, same aliases). */
async function renderFirstScreens(root: string): Promise<FirstScreens> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: {
      alias: { '~': path.join(root, 'src'), 'styled-system': path.join(root, 'styled-system') },
    },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule('/src/app/first-screen-markup.tsx')) as {
      renderFirstScreens: () => Promise<FirstScreens>;
    };
    return await mod.renderFirstScreens();
  } finally {
    await server.close();
  }
}

async function renderWithRetries(root: string, tries = 3): Promise<FirstScreens> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await renderFirstScreens(root);
    } catch (error) {
      if (attempt >= tries) throw error;
      console.warn(`first screens: try ${attempt} failed (${String(error).slice(0, 120)}); again`);
    }
  }
}

/**
 * What the app's start-up imports, each in a task of its own (src/main.tsx): fetched together at
 * boot (modulepreload), so that splitting the evaluation adds no round trips on a slow network.
 */
const START_MODULES = [/\/react-dom\/client\.js$/, /\/src\/app\/app-root\.tsx$/];
/**
 * The route chunks of each first screen, which the router loads before the first render: a
 * visitor's login or register, or the main screen a signed-in owner opened (with its layout).
 */
const MAIN = /\/src\/routes\/_app\/_store\/_main\.tsx\?tsr-split/;
const SCREEN_MODULES: Record<string, RegExp[]> = {
  '/login': [/\/src\/routes\/login\.tsx\?tsr-split/],
  '/register': [/\/src\/routes\/register\.tsx\?tsr-split/],
  '/': [MAIN, /\/src\/routes\/_app\/_store\/_main\/index\.tsx\?tsr-split/],
  '/produtos': [MAIN, /\/src\/routes\/_app\/_store\/_main\/produtos\.tsx\?tsr-split/],
  '/clientes': [MAIN, /\/src\/routes\/_app\/_store\/_main\/clientes\.tsx\?tsr-split/],
  '/campanhas': [MAIN, /\/src\/routes\/_app\/_store\/_main\/campanhas\.tsx\?tsr-split/],
  '/relatorios': [MAIN, /\/src\/routes\/_app\/_store\/_main\/relatorios\.tsx\?tsr-split/],
};

/** The start-up script with the app's files written in, small enough to sit in index.html. */
async function startUpScript(root: string, app: AppFiles): Promise<string> {
  const out = await esbuild({
    entryPoints: [path.join(root, 'src/app/first-screen-boot.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2020',
    define: { __FIRST_SCREEN_APP__: JSON.stringify(app) },
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]?.text ?? '';
  if (!code || code.includes('</script')) throw new Error('index.html: bad start-up script');
  return code.trim();
}

/** The files of the chunks whose entry module matches, with every chunk they import statically. */
function chunkFiles(bundle: Rolldown.OutputBundle, modules: RegExp[]): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const add = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) add(dep);
  };
  for (const chunk of chunks) {
    const id = chunk.facadeModuleId ?? '';
    if (chunk.isDynamicEntry && modules.some((m) => m.test(id))) add(chunk.fileName);
  }
  return [...files];
}

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

export function firstScreen(): Plugin {
  let screens: Promise<FirstScreens> | null = null;
  let root = process.cwd();
  let base = '/';
  return {
    name: 'tali-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async buildStart() {
      // Rendered before the app bundles, not beside it: Vite's SSR runner gives each module fetch
      // 60 s (hard-coded, vitejs/vite#23131), and with the bundle's CSS extraction holding the
      // same event loop on a loaded CI host (load ~20) the first fetch missed it and the build
      // failed. A fresh server per try: a timed-out runner stays failed.
      screens ??= renderWithRetries(root);
      await screens;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!screens) throw new Error('first screens were not rendered');
        const { login, register, shell, reports, products } = await screens;
        const entry = ENTRY.exec(html)?.[1];
        if (!entry) throw new Error('index.html: the entry script was not found');
        const bundle = ctx.bundle;
        if (!bundle) throw new Error('index.html: no bundle to read the start-up chunks from');
        const url = (file: string) => `${base}${file}`;
        const staticDeps = [...html.matchAll(PRELOAD)].map((m) => m[1] ?? '');
        const preload = [
          ...new Set([...staticDeps, ...chunkFiles(bundle, START_MODULES).map(url)]),
        ].filter((file) => file !== entry);
        // Per first screen (the inline script picks by path): its route chunks, fetched with the rest.
        const screenPreload = Object.fromEntries(
          Object.entries(SCREEN_MODULES).map(([path, modules]) => [
            path,
            chunkFiles(bundle, modules)
              .map(url)
              .filter((file) => file !== entry && !preload.includes(file)),
          ]),
        );
        const templates = Object.entries({ login, register, shell, reports, products })
          .map(([name, markup]) => `<template id="first-screen-${name}">${markup}</template>`)
          .join('\n    ');
        return html
          .replace(ENTRY, '')
          .replace(PRELOAD, '')
          .replace('<!--first-screen-templates-->', templates)
          .replace(
            '<!--first-screen-script-->',
            `<script>${await startUpScript(root, { entry, preload, screens: screenPreload })}</script>`,
          );
      },
    },
  };
}
