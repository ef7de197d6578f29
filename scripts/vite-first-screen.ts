/** Vite plugin: puts the HTML of the first screens into index.html and loads the app after the first paint. */
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
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

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

export function firstScreen(): Plugin {
  let screens: Promise<FirstScreens> | null = null;
  let root = process.cwd();
  return {
    name: 'tali-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      // Rendered while the app bundles; awaited when index.html is written.
      screens ??= renderFirstScreens(root);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!screens) throw new Error('first screens were not rendered');
        const { login, register, wait } = await screens;
        const entry = ENTRY.exec(html)?.[1];
        if (!entry) throw new Error('index.html: the entry script was not found');
        const preload = [...html.matchAll(PRELOAD)].map((m) => m[1]);
        const templates = Object.entries({ login, register, wait })
          .map(([name, markup]) => `<template id="first-screen-${name}">${markup}</template>`)
          .join('\n    ');
        return html
          .replace(ENTRY, '')
          .replace(PRELOAD, '')
          .replace('<!--first-screen-templates-->', templates)
          .replace("'__FIRST_SCREEN_APP__'", JSON.stringify({ entry, preload }));
      },
    },
  };
}
