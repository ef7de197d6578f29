/**
 * A server process trusts a local HTTPS push service through NODE_EXTRA_CA_CERTS, as README and
 * decision 019 tell: the runtime's own sender, no test agent, in a child process.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from './push-service-fake';
import { copyPgliteTemplate, createPostgresDatabase } from './test-databases';

const run = promisify(execFile);
let push: PushService;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  push = await startPushService();
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await push.close();
});

/** Where the child keeps its data: its own PGlite folder, or a new PostgreSQL database. */
async function childDatabase(): Promise<Record<string, string>> {
  if (process.env.TEST_DB === 'postgres') {
    const created = await createPostgresDatabase();
    cleanups.push(() => created.drop());
    return { DATABASE_URL: created.url };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-push-child-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  // The run's migrated copy: the child's migrator then has nothing left to apply.
  copyPgliteTemplate(dir);
  return { DATA_DIR: dir };
}

async function sendFromChild(extra: Record<string, string>) {
  const device = push.device();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(await childDatabase()),
    ...extra,
    PUSH_ENDPOINT_HOSTS: push.host,
    PUSH_TEST_DEVICE: JSON.stringify({ endpoint: device.endpoint, keys: device.keys }),
    LOG_LEVEL: 'error',
  };
  delete env.TEST_DB;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'tests/api/push-child.ts'], {
    env,
    timeout: 90_000,
  });
  const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
  return { device, report };
}

describe('a server process and a local push service', () => {
  it('with NODE_EXTRA_CA_CERTS, the order notification is delivered', async () => {
    const ca = path.resolve('tests/api/pix-tls/ca.pem');
    const { device, report } = await sendFromChild({ NODE_EXTRA_CA_CERTS: ca });
    expect(report).toEqual({ sent: 1, gone: 0, failed: 0 });
    const [request] = push.to(device);
    if (!request) throw new Error('nothing reached the push service');
    expect(request.problems).toEqual([]);
    expect(push.decrypt(device, request)).toMatchObject({
      url: expect.stringMatching(/^\/pedidos\//),
    });
  }, 120_000);

  it('without it, the unknown certificate is refused (and the process still ends well)', async () => {
    const env = { NODE_EXTRA_CA_CERTS: '' };
    const { device, report } = await sendFromChild(env);
    expect(report).toEqual({ sent: 0, gone: 0, failed: 1 });
    expect(push.to(device)).toHaveLength(0);
  }, 120_000);
});
