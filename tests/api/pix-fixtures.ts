/** Payments test setup: an app whose Pix PSP is the API Pix stand-in, a movable clock, campaigns. */
import { eq } from 'drizzle-orm';
import { campaigns, payments } from '../../server/db/schema';
import type { PaymentRow } from '../../server/services/payments/on-paid';
import { createApiPixHttp } from '../../server/services/pix/api-pix-http';
import { createBcbGateway } from '../../server/services/pix/bcb-adapter';
import type { Services } from '../../server/types';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_PIX_KEY, startFakePsp } from './pix-fake';
import type { JsonObject } from './test-app';
import { createTestApp, type TestApp } from './test-app';

export async function createPixTestApp(runtimeOptions: Parameters<typeof createTestApp>[1] = {}) {
  const clock = { now: Date.now() };
  const now = () => new Date(clock.now);
  const fake = await startFakePsp({ now });
  const options = {
    apiUrl: fake.apiUrl,
    oauthUrl: fake.oauthUrl,
    clientId: FAKE_CLIENT_ID,
    clientSecret: FAKE_CLIENT_SECRET,
    pixKey: FAKE_PIX_KEY,
    merchantName: 'Tali',
    merchantCity: 'Sao Paulo',
  };
  const http = createApiPixHttp(options);
  const pix = createBcbGateway(options, http);
  const paidCalls: PaymentRow[] = [];
  let failOnPaid = false;
  const onPaymentPaid = async (_deps: Services, payment: PaymentRow) => {
    if (failOnPaid) throw new Error('campanha indisponível');
    paidCalls.push(payment);
  };
  const t = await createTestApp({ now, pix, onPaymentPaid }, runtimeOptions);
  return {
    ...t,
    fake,
    clock,
    paidCalls,
    setFailOnPaid: (v: boolean) => {
      failOnPaid = v;
    },
    /** The services the app runs on, for calling the payment services directly. */
    deps: t.runtime.services,
    async close() {
      http.close();
      await fake.close();
      await t.close();
    },
  };
}

export type PixTestApp = Awaited<ReturnType<typeof createPixTestApp>>;

export async function createCampaign(t: TestApp, storeId: string): Promise<string> {
  const [row] = await t.db
    .insert(campaigns)
    .values({ storeId, titulo: 'Promoção', mensagem: 'Tudo com 10% de desconto', sendNow: true })
    .returning({ id: campaigns.id });
  if (!row) throw new Error('campaign not created');
  return row.id;
}

export async function paymentRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** What the PSP would post to `${webhookUrl}/pix`. */
export function postWebhook<T = JsonObject>(t: TestApp, body: unknown) {
  return t.call<T>('POST', '/api/webhooks/pix/pix', body);
}
