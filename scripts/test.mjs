#!/usr/bin/env node
// The README's test command: makes sure Debian's Chromium is there (browser tests never skip) and,
// for the PostgreSQL leg, nginx (the multi-process proxy test),
// then runs every vitest project and prints one closing "N passed, N failed" line.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
let aptUpdated = false;

/** Installs a Debian package when this run may (root, apt); answers whether it ran. */
function aptInstall(pkg) {
  if (!isRoot || !hasApt) return false;
  console.log(`Installing Debian's "${pkg}" package with apt-get…`);
  if (!aptUpdated) execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  aptUpdated = true;
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return true;
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  if (!process.env.CHROMIUM_PATH && aptInstall('chromium') && fs.existsSync(chromium)) return;
  console.error(
    `\nBrowser tests need Chromium at ${chromium} and it is missing.\n` +
      'Install it with: sudo apt-get install chromium  (or set CHROMIUM_PATH to a Chromium binary).\n' +
      'The browser tests are part of the suite and are never skipped.\n',
  );
  process.exit(1);
}

/**
 * The two-processes-behind-a-proxy test (tests/api/multi-process.test.ts, PostgreSQL leg only)
 * starts Debian's nginx; without it that one test skips with a message, the rest still runs.
 */
function ensureNginx() {
  const nginx = process.env.NGINX_PATH || '/usr/sbin/nginx';
  if (!process.env.TEST_DATABASE_URL || fs.existsSync(nginx)) return;
  if (!process.env.NGINX_PATH && aptInstall('nginx') && fs.existsSync(nginx)) return;
  console.warn(`nginx not found at ${nginx}: the multi-process proxy test will be skipped.`);
}

ensureChromium();
ensureNginx();
if (!fs.existsSync('styled-system/css')) {
  execFileSync('npx', ['panda', 'codegen'], { stdio: 'inherit' });
}

fs.mkdirSync('.tmp', { recursive: true });

/** One vitest run with its JSON report; resolves with its exit status. */
function vitest(name, extra) {
  const report = path.join('.tmp', `vitest-report${name ? `-${name}` : ''}.json`);
  fs.rmSync(report, { force: true });
  const args = [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  return new Promise((resolve) => {
    const child = spawn('npx', [...args, ...extra], { stdio: 'inherit' });
    child.on('exit', (status) => resolve({ report, status: status ?? 1 }));
  });
}

// The whole suite: the browser tests (one file at a time, in vitest's last group) run beside the
// unit and API tests in a second process instead of after them; CI takes the longer of the two
// instead of their sum. With arguments (one project, one file), one plain run.
const extra = process.argv.slice(2);
const runs = await Promise.all(
  extra.length > 0
    ? [vitest('', extra)]
    : [vitest('e2e', ['--project', 'e2e']), vitest('rest', ['--project', '!e2e'])],
);

let passed = 0;
let failed = 0;
let skipped = 0;
let outside = false;
for (const run of runs) {
  try {
    const result = JSON.parse(fs.readFileSync(run.report, 'utf8'));
    passed += result.numPassedTests;
    const failures = result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
    failed += failures;
    skipped += result.numPendingTests + result.numTodoTests;
    // Vitest failed outside any test (an unhandled error, a broken set-up).
    if (run.status !== 0 && failures === 0) outside = true;
  } catch {
    failed += 1;
  }
}
if (outside) {
  console.error('\nVitest reported errors outside the tests (see above).');
  failed = Math.max(failed, 1);
}
const code = runs.every((r) => r.status === 0) && failed === 0 && passed > 0 ? 0 : 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(code);
