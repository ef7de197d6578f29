/** Secrets never reach the logs: client secret, OAuth tokens, Basic credentials, TLS key. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setLogLevel } from '../../server/logger';
import { createApiPixHttp } from '../../server/services/pix/api-pix-http';
import { createBcbGateway } from '../../server/services/pix/bcb-adapter';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  FAKE_PIX_KEY,
  type FakePsp,
  startFakePsp,
} from './pix-fake';

const TLS_KEY =
  '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC-fake-key\n-----END PRIVATE KEY-----\n';
let fake: FakePsp;
beforeAll(async () => {
  fake = await startFakePsp({ tokenSeconds: 1 });
});
afterAll(() => fake.close());

it('a whole session with failures logs no secret, token or credential', async () => {
  const lines: string[] = [];
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  process.stdout.write = capture as typeof process.stdout.write;
  process.stderr.write = capture as typeof process.stderr.write;
  setLogLevel('debug');
  try {
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
    const gateway = createBcbGateway(options, http);
    const txid = 'SECRET00000000000000000000000001';
    await gateway.registerWebhook('https://tali.example/api/webhooks/pix');
    await gateway.createCharge({ txid, amount: '25.00', expiresInSeconds: 60, description: '' });
    const e2eid = fake.pay(txid).pix[0]?.endToEndId ?? '';
    fake.revokeTokens(); // 401 → new token
    await gateway.getCharge(txid);
    await gateway.refund({ e2eid, id: 'D1', amount: '25.00' });
    await gateway.refund({ e2eid, id: 'D1', amount: '25.00' }); // 400 → re-read
    await gateway.getCharge('NOTFOUND0000000000000000000000001'); // 404 logged
    http.close();

    const wrong = createApiPixHttp({
      ...options,
      clientSecret: `${FAKE_CLIENT_SECRET}-errado`,
      key: TLS_KEY,
      cert: 'x',
    });
    await expect(createBcbGateway(options, wrong).getCharge(txid)).rejects.toThrow();
    wrong.close();
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    setLogLevel('info');
  }
  const log = lines.join('');
  expect(log).toContain('pix webhook registered'); // the capture worked
  expect(log).toContain('pix psp answered an error');
  const tokens = fake.requests
    .map((r) => /^Bearer (.+)$/.exec(r.authorization ?? '')?.[1])
    .filter((v): v is string => !!v);
  expect(tokens.length).toBeGreaterThan(1);
  const basic = fake.requests
    .map((r) => /^Basic (.+)$/.exec(r.authorization ?? '')?.[1])
    .filter((v): v is string => !!v);
  for (const secret of [
    FAKE_CLIENT_SECRET,
    'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
    ...tokens,
    ...basic,
  ]) {
    expect(log).not.toContain(secret);
  }
});
