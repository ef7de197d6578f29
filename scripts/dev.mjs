#!/usr/bin/env node
// Development: the API with reload on change (tsx watch) and Vite's dev server with hot reload.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', STATIC_DIR: '' },
  }),
  spawn('npx', ['vite', '--host'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => code && code !== 0 && stop());
