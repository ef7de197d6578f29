#!/usr/bin/env node
// Renders the app icons (public/icons/*.png) from the SVG sources with the system Chromium.
// Run after changing an SVG: node scripts/generate-icons.mjs
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const outputs = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192, transparent: true },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512, transparent: true },
  { svg: 'maskable.svg', png: 'maskable-512.png', size: 512, transparent: false },
  { svg: 'maskable.svg', png: 'maskable-192.png', size: 192, transparent: false },
  // iOS rounds the corners itself and shows transparency as black: use the full-bleed source.
  { svg: 'maskable.svg', png: 'apple-touch-icon.png', size: 180, transparent: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { svg, png, size, transparent } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const source = readFileSync(`public/icons/${svg}`, 'utf8');
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${source}`,
    );
    await page.screenshot({ path: `public/icons/${png}`, omitBackground: transparent });
    await page.close();
    console.log(`public/icons/${png} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
