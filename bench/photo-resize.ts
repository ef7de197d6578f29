/**
 * The device's photo resize (src/features/products/photos/resize-photo.ts) in Chromium at a
 * phone's viewport with 4× CPU throttling: time and bytes for a 12 MP and a 48 MP camera JPEG
 * (orientation 6, GPS EXIF). Budget (issue 21): a 12 MP photo becomes ≤ 300 KB in ≤ 1.5 s.
 * Run: npx tsx bench/photo-resize.ts  (RUNS=3 by default; THROTTLE=4)
 */
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

const bundle = await build({
  entryPoints: ['src/features/products/photos/resize-photo.ts'],
  bundle: true,
  write: false,
  format: 'iife',
  globalName: 'photoResize',
});
const browser = await launchBrowser();
try {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.setContent('<!doctype html><title>bench</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
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
    const runs: { ms: number; bytes: number; type: string; size: string }[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(
        await page.evaluate(async () => {
          const w = window as unknown as {
            input: Blob;
            photoResize: {
              resizePhoto(b: Blob): Promise<{ blob: Blob; width: number; height: number }>;
            };
          };
          const started = performance.now();
          const out = await w.photoResize.resizePhoto(w.input);
          return {
            ms: performance.now() - started,
            bytes: out.blob.size,
            type: out.blob.type,
            size: `${out.width}×${out.height}`,
          };
        }),
      );
    }
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    const median = ms[Math.floor(ms.length / 2)] ?? 0;
    const last = runs[runs.length - 1];
    const kb = (last?.bytes ?? 0) / 1024;
    const verdict =
      label === '12 MP' ? (median <= BUDGET.ms && kb <= BUDGET.kb ? 'OK' : 'OVER') : '';
    console.log(
      `${label} (${(input.length / 1024 / 1024).toFixed(1)} MB JPEG in) → ${last?.size} ${last?.type}, ${kb.toFixed(0)} KB; median ${median.toFixed(0)} ms of ${RUNS} (${ms.map((m) => m.toFixed(0)).join(', ')}) at ${THROTTLE}× throttling ${verdict}`,
    );
  }
} finally {
  await browser.close();
}
