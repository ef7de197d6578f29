/**
 * The device's photo resize (src/features/products/photos/resize-photo.ts) in Chromium at a
 * phone's viewport with 4× CPU throttling: time and bytes for a 12 MP and a 48 MP camera JPEG
 * (orientation 6, GPS EXIF). Budget (issue 21): a 12 MP photo becomes ≤ 300 KB in ≤ 1.5 s.
 * Run: npx tsx bench/photo-resize.ts  (RUNS=3 by default; THROTTLE=4)
 * Before/after: BASELINE=<git ref> also bundles that ref's resize-photo.ts and alternates the two
 * in every run (same page, same input, same load; who goes first swaps each run, so use an even
 * RUNS), printing both medians.
 */
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import sharp from 'sharp';
import { launchBrowser, PHONE } from '../tests/e2e/browser';

const RUNS = Number(process.env.RUNS) || 3;
const THROTTLE = Number(process.env.THROTTLE) || 4;
const BUDGET = { ms: 1500, kb: 300 };

/**
 * A camera-like JPEG: smooth shapes (noise at 1/16 scale, enlarged) plus fine grain, so its
 * bytes and decode cost are near a phone photo's (about 3–5 bits per pixel at quality 90).
 */
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  const coarse = await sharp({
    create: {
      width: Math.round(width / 16),
      height: Math.round(height / 16),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 0, sigma: 6 },
    },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < coarse.length; i++)
    coarse[i] = Math.min(255, (coarse[i] ?? 0) + (grain[i] ?? 0));
  return sharp(coarse, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1' } })
    .toBuffer();
}

const SOURCE = 'src/features/products/photos/resize-photo.ts';
const BASELINE = process.env.BASELINE;

async function bundled(globalName: string, ref?: string): Promise<string> {
  const options = { bundle: true, write: false, format: 'iife', globalName } as const;
  const result = ref
    ? await build({
        ...options,
        stdin: {
          contents: execFileSync('git', ['show', `${ref}:${SOURCE}`], { encoding: 'utf8' }),
          loader: 'ts',
          resolveDir: 'src/features/products/photos',
        },
      })
    : await build({ ...options, entryPoints: [SOURCE] });
  return result.outputFiles[0]?.text ?? '';
}

type Run = { ms: number; bytes: number; type: string; size: string };
const variants = [{ name: 'photoResize', label: 'now' }];
if (BASELINE) variants.unshift({ name: 'baseline', label: `at ${BASELINE}` });

function report(label: string, inputBytes: number, runs: Run[]): void {
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)] ?? 0;
  const last = runs[runs.length - 1];
  const kb = (last?.bytes ?? 0) / 1024;
  const verdict = label.startsWith('12')
    ? median <= BUDGET.ms && kb <= BUDGET.kb
      ? 'OK'
      : 'OVER'
    : '';
  console.log(
    `${label} (${(inputBytes / 1024 / 1024).toFixed(1)} MB JPEG in) → ${last?.size} ${last?.type}, ${kb.toFixed(0)} KB; median ${median.toFixed(0)} ms of ${runs.length} (${ms.map((m) => m.toFixed(0)).join(', ')}) at ${THROTTLE}× throttling ${verdict}`,
  );
}
const browser = await launchBrowser();
try {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
  });
  const page = await context.newPage();
  // A secure origin, as the app's (https or localhost): WebCodecs' ImageDecoder exists only there.
  const origin = 'https://bench.test/';
  await page.route(origin, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
  );
  await page.goto(origin);
  for (const variant of variants) {
    const ref = variant.name === 'baseline' ? BASELINE : undefined;
    await page.addScriptTag({ content: await bundled(variant.name, ref) });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  for (const [label, width, height] of [
    ['12 MP', 4000, 3000],
    ['48 MP', 8000, 6000],
  ] as const) {
    const input = await cameraJpeg(width, height);
    const b64 = input.toString('base64');
    await page.evaluate((data) => {
      (window as unknown as { input: Blob }).input = new Blob(
        [Uint8Array.from(atob(data), (c) => c.charCodeAt(0))],
        { type: 'image/jpeg' },
      );
    }, b64);
    const runs = new Map<string, Run[]>(variants.map((v) => [v.name, []]));
    for (let i = 0; i < RUNS; i++) {
      // Each run swaps who goes first: the second of a pair inherits the first's garbage.
      for (const variant of i % 2 ? [...variants].reverse() : variants) {
        const run = await page.evaluate(async (name) => {
          const w = window as unknown as { input: Blob } & Record<
            string,
            { resizePhoto(b: Blob): Promise<{ blob: Blob; width: number; height: number }> }
          >;
          const started = performance.now();
          const out = await w[name]?.resizePhoto(w.input);
          return {
            ms: performance.now() - started,
            bytes: out?.blob.size ?? 0,
            type: out?.blob.type ?? '',
            size: `${out?.width}×${out?.height}`,
          };
        }, variant.name);
        runs.get(variant.name)?.push(run);
      }
    }
    for (const variant of variants) {
      report(`${label} ${variant.label}`, input.length, runs.get(variant.name) ?? []);
    }
  }
} finally {
  await browser.close();
}
