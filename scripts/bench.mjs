#!/usr/bin/env node
// `npm run bench`: lists the benchmarks in bench/; `npm run bench -- replay search` builds the PWA
// once into a temp folder and runs those benchmarks one after the other on it (`-- all`: every
// one). Every benchmark drives Chromium (see docs/benchmarks.md for figures and how to compare two builds).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = 'bench';
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts'));
const sources = new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
// Helpers (data, sessions, plans) are imported by other benchmarks, or started by one as its
// child process (`'bench/bare-hono.ts'`); the rest are runnable.
const helpers = new Set(
  files.filter((f) =>
    [...sources.values()].some(
      (s) => s.includes(`'./${f.replace(/\.ts$/, '')}'`) || s.includes(`'bench/${f}'`),
    ),
  ),
);
const benches = files.filter((f) => !helpers.has(f)).map((f) => f.replace(/\.ts$/, ''));

/** The first sentence of a file's header comment. */
function summary(name) {
  const header = /\/\*\*([\s\S]*?)\*\//.exec(sources.get(`${name}.ts`) ?? '')?.[1] ?? '';
  const text = header
    .replace(/^\s*\*\s?/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.split(/(?<=\.)\s/)[0] ?? '';
}

const args = process.argv.slice(2);
// `all`: every benchmark, one after the other on one build (an hour or more on two cores).
const wanted = args.length === 1 && args[0] === 'all' ? benches : args;
if (args.length === 0) {
  console.log('Benchmarks (each drives Chromium; figures in docs/benchmarks.md):\n');
  for (const name of benches) console.log(`  ${name.padEnd(12)} ${summary(name)}`);
  console.log(
    '\nRun some:  npm run bench -- <name> [<name>…]   (their env: RUNS=…, see each file)\nRun all:   npm run bench -- all',
  );
  process.exit(0);
}

const unknown = wanted.filter((name) => !benches.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${benches.join(', ')}`);
  process.exit(1);
}
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`The benchmarks need Chromium at ${chromium}: sudo apt-get install chromium`);
  process.exit(1);
}

let staticDir = process.env.STATIC_DIR;
if (!staticDir) {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-bench-dist-'));
  if (!fs.existsSync('styled-system/css'))
    execFileSync('npx', ['panda', 'codegen'], { stdio: 'inherit' });
  execFileSync('npx', ['vite', 'build', '--outDir', staticDir, '--emptyOutDir'], {
    stdio: 'inherit',
  });
}
// The machine's load goes next to every figure recorded (the machine is shared and noisy).
console.log(
  `load: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
let failed = 0;
for (const name of wanted) {
  console.log(`\n== bench/${name}.ts`);
  const run = spawnSync('npx', ['tsx', path.join(dir, `${name}.ts`)], {
    stdio: 'inherit',
    // The PostgreSQL the other benches default to (bench/api-kit.ts), for those that need it named.
    env: {
      TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      ...process.env,
      STATIC_DIR: staticDir,
    },
  });
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
