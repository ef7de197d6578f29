/**
 * A whole Talí runtime with job workers in its own process, for the crash and multi-process
 * campaign tests: configured by environment, prints 'ready' once its workers run.
 */
import { readEnv } from '../../server/env';
import { openRuntime } from '../../server/runtime';

const env = readEnv({ ...process.env, NODE_ENV: 'test' });
const runtime = await openRuntime({
  env,
  workers: true,
  services: { campaigns: { settings: { leaseMs: Number(process.env.TEST_LEASE_MS ?? 3000) } } },
});
await runtime.start();
process.stdout.write('ready\n');
const stop = () => void runtime.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
