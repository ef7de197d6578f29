#!/usr/bin/env node
// The README's test command: makes sure Debian's Chromium is there (browser tests never skip),
// then runs every vitest project and prints one closing "N passed, N failed" line.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
    console.log('Chromium not found: installing Debian\'s "chromium" package with apt-get…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (fs.existsSync(chromium)) return;
  }
  console.error(
    `\nBrowser tests need Chromium at ${chromium} and it is missing.\n` +
      'Install it with: sudo apt-get install chromium  (or set CHROMIUM_PATH to a Chromium binary).\n' +
      'The browser tests are part of the suite and are never skipped.\n',
  );
  process.exit(1);
}

ensureChromium();
if (!fs.existsSync('styled-system/css')) {
  execFileSync('npx', ['panda', 'codegen'], { stdio: 'inherit' });
}

const report = path.join('.tmp', 'vitest-report.json');
fs.mkdirSync('.tmp', { recursive: true });
fs.rmSync(report, { force: true });
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];
const run = spawnSync('npx', [...args, ...process.argv.slice(2)], { stdio: 'inherit' });

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  failed = result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
  skipped = result.numPendingTests + result.numTodoTests;
} catch {
  failed = Math.max(failed, 1);
}
if (run.status !== 0 && failed === 0) {
  // Vitest failed outside any test (an unhandled error, a broken set-up): count it as a failure.
  console.error('\nVitest reported errors outside the tests (see above).');
  failed = 1;
}
const code = run.status === 0 && failed === 0 && passed > 0 ? 0 : 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(code);
