#!/usr/bin/env node
// The file-size limit (part of `npm run lint`): a hand-written product file has at most 250
// lines, a test, a test helper or a benchmark at most 400. A file over it is split (by what its
// parts do), not allowed to grow. Generated files (migrations, the route tree, styled-system)
// are not counted. Lists every file over its limit and fails.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const PRODUCT_MAX = 250;
const TEST_MAX = 400;

const CODE = /\.(ts|tsx|mts|mjs|cjs|js|css)$/;
const GENERATED = [
  /^server\/db\/migrations\//,
  /^styled-system\//,
  /routeTree\.gen\.ts$/,
  /\.d\.ts$/,
];
const TESTS = [/^tests\//, /^bench\//, /\.test\.tsx?$/, /(^|\/)test-(helpers|support)\.ts$/];

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => CODE.test(f) && !GENERATED.some((g) => g.test(f)) && fs.existsSync(f));

const over = [];
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  const max = TESTS.some((t) => t.test(file)) ? TEST_MAX : PRODUCT_MAX;
  if (lines > max) over.push(`  ${file}: ${lines} lines (at most ${max})`);
}

if (over.length > 0) {
  process.stderr.write(`Files over the size limit (split them):\n${over.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`file sizes: ${files.length} files within their limits\n`);
