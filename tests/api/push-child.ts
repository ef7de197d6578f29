/**
 * The server's own process setup for one push: a runtime from env (no test agent), one store with
 * the device given in PUSH_TEST_DEVICE, one new-order notification; prints its report as JSON.
 * Run with NODE_EXTRA_CA_CERTS to show a local push service is trusted the way a server is.
 */
import { pushSubscriptions, stores, users } from '../../server/db/schema';
import { readEnv } from '../../server/env';
import { openRuntime } from '../../server/runtime';
import { notifyNewOrder } from '../../server/services/push/notify';
import { defaultBusinessHours } from '../../src/domain/hours';

const device = JSON.parse(process.env.PUSH_TEST_DEVICE ?? '{}') as {
  endpoint: string;
  keys: { p256dh: string; auth: string };
};
const runtime = await openRuntime({ env: readEnv({ ...process.env, NODE_ENV: 'test' }) });
const { db } = runtime.services;
try {
  const [user] = await db
    .insert(users)
    .values({ email: `push-${Date.now()}@example.com`, passwordHash: 'x' })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const [store] = await db
    .insert(stores)
    .values({
      userId: user.id,
      slug: `push-${Date.now()}`,
      name: 'Loja Push',
      businessHours: defaultBusinessHours(),
    })
    .returning({ id: stores.id });
  if (!store) throw new Error('no store');
  await db.insert(pushSubscriptions).values({
    storeId: store.id,
    userId: user.id,
    endpoint: device.endpoint,
    ...device.keys,
  });
  const report = await notifyNewOrder(db, store.id, {
    id: '5b0c1a52-4a3e-4f57-9d8a-0d2b1c3e4f50',
    code: 'P-4K7Q',
    totalCents: 4590,
  });
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await runtime.stop();
}
