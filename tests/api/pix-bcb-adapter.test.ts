/** The bcb adapter against a local server following the API Pix standard (tests/api/pix-fake.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiPixHttp } from '../../server/services/pix/api-pix-http';
import { createBcbGateway } from '../../server/services/pix/bcb-adapter';
import { PaymentGatewayError } from '../../server/services/pix/gateway';
import { parseBrCode } from '../../src/domain/pix/br-code';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  FAKE_PIX_KEY,
  type FakePsp,
  startFakePsp,
} from './pix-fake';

const TXID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
/** Test-only CA, server and client certificates (100-year validity), see pix-tls/README.md. */
const tlsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pix-tls');
let fake: FakePsp;
const opened: Array<{ close(): void }> = [];

function gatewayFor(psp: FakePsp, overrides: { secret?: string; now?: () => number } = {}) {
  const options = {
    apiUrl: psp.apiUrl,
    oauthUrl: psp.oauthUrl,
    clientId: FAKE_CLIENT_ID,
    clientSecret: overrides.secret ?? FAKE_CLIENT_SECRET,
    pixKey: FAKE_PIX_KEY,
    merchantName: 'Tali',
    merchantCity: 'Sao Paulo',
    now: overrides.now,
  };
  const http = createApiPixHttp(options);
  opened.push(http);
  return { gateway: createBcbGateway(options, http), http };
}

beforeAll(async () => {
  fake = await startFakePsp();
});
afterEach(() => {
  for (const h of opened.splice(0)) h.close();
});
afterAll(() => fake.close());

describe('bcb adapter (API Pix)', () => {
  it('creates a charge with the standard body and a dynamic BR Code', async () => {
    const { gateway } = gatewayFor(fake);
    const charge = await gateway.createCharge({
      txid: TXID,
      amount: '25.00',
      expiresInSeconds: 900,
      description: 'Campanha de mensagens Talí',
    });
    const put = fake.requests.find((r) => r.method === 'PUT' && r.path === `/v2/cob/${TXID}`);
    expect(put?.body).toEqual({
      calendario: { expiracao: 900 },
      valor: { original: '25.00' },
      chave: FAKE_PIX_KEY,
      solicitacaoPagador: 'Campanha de mensagens Talí',
    });
    expect(charge.status).toBe('ATIVA');
    expect(charge.expiresAt.getTime() - charge.createdAt.getTime()).toBe(900_000);
    const code = parseBrCode(charge.pixCopiaECola);
    expect(code.kind).toBe('dynamic');
    expect(code.location).toBe(charge.location);
  });

  it('a retried PUT with the same txid is the same charge, even once paid', async () => {
    const { gateway } = gatewayFor(fake);
    const txid = 'RETRY0000000000000000000000000001';
    const input = { txid, amount: '50.00', expiresInSeconds: 900, description: 'x' };
    const first = await gateway.createCharge(input);
    const again = await gateway.createCharge(input);
    expect(again.location).toBe(first.location);
    expect([...fake.cobs.keys()].filter((k) => k === txid)).toHaveLength(1);
    fake.pay(txid);
    // The PSP refuses to alter a CONCLUIDA charge; the adapter answers the existing one.
    const paid = await gateway.createCharge(input);
    expect(paid.status).toBe('CONCLUIDA');
    expect(paid.location).toBe(first.location);
  });

  it('fetches one token for many calls and a new one after it expires or is revoked', async () => {
    let clock = Date.now();
    const { gateway, http } = gatewayFor(fake, { now: () => clock });
    const before = fake.tokensIssued();
    await Promise.all([gateway.getCharge(TXID), gateway.getCharge(TXID), gateway.getCharge(TXID)]);
    await gateway.getCharge(TXID);
    expect(http.tokensFetched()).toBe(1);
    expect(fake.tokensIssued() - before).toBe(1);
    clock += 3600_000; // past expires_in
    await gateway.getCharge(TXID);
    expect(http.tokensFetched()).toBe(2);
    fake.revokeTokens(); // the PSP answers 401: one new token, one retry
    expect((await gateway.getCharge(TXID))?.txid).toBe(TXID);
    expect(http.tokensFetched()).toBe(3);
    const token = fake.requests.find((r) => r.path === '/oauth/token');
    const form = new URLSearchParams(String(token?.body));
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['cob.write', 'cob.read', 'pix.write', 'webhook.write']),
    );
  });

  it('wrong client secret is a clear gateway error', async () => {
    const { gateway } = gatewayFor(fake, { secret: 'errado' });
    await expect(gateway.getCharge(TXID)).rejects.toThrow('recusou as credenciais');
  });

  it('a scope the PSP did not grant is refused (403 AcessoNegado)', async () => {
    const limited = await startFakePsp({ grantScopes: ['cob.read', 'cob.write'] });
    try {
      const { gateway } = gatewayFor(limited);
      await gateway.createCharge({
        txid: TXID,
        amount: '25.00',
        expiresInSeconds: 60,
        description: '',
      });
      const e2e = limited.pay(TXID).pix[0]?.endToEndId ?? '';
      await expect(gateway.refund({ e2eid: e2e, id: 'D1', amount: '25.00' })).rejects.toThrow(
        'negou acesso',
      );
      await expect(
        gateway.registerWebhook('https://tali.example/api/webhooks/pix'),
      ).rejects.toThrow(PaymentGatewayError);
    } finally {
      await limited.close();
    }
  });

  it('the txid and amount patterns are enforced', async () => {
    const { gateway } = gatewayFor(fake);
    await expect(
      gateway.createCharge({
        txid: 'curto',
        amount: '25.00',
        expiresInSeconds: 60,
        description: '',
      }),
    ).rejects.toThrow('txid');
    await expect(
      gateway.createCharge({
        txid: 'AMOUNT000000000000000000000000001',
        amount: '25',
        expiresInSeconds: 60,
        description: '',
      }),
    ).rejects.toThrow(PaymentGatewayError);
    expect(fake.cobs.has('AMOUNT000000000000000000000000001')).toBe(false);
  });

  it('reads a paid charge with its Pix and refunds it once, a retry being the same devolução', async () => {
    const { gateway } = gatewayFor(fake);
    const txid = 'REFUND000000000000000000000000001';
    expect(await gateway.getCharge(txid)).toBeNull();
    await gateway.createCharge({ txid, amount: '75.00', expiresInSeconds: 900, description: '' });
    expect((await gateway.getCharge(txid))?.pix).toEqual([]);
    const e2eid = fake.pay(txid).pix[0]?.endToEndId ?? '';
    const state = await gateway.getCharge(txid);
    expect(state?.status).toBe('CONCLUIDA');
    expect(state?.pix).toMatchObject([{ e2eid, amount: '75.00', refunds: [] }]);
    const refund = await gateway.refund({ e2eid, id: 'DREFUND1', amount: '75.00' });
    expect(refund).toEqual({ id: 'DREFUND1', status: 'EM_PROCESSAMENTO' });
    expect(await gateway.refund({ e2eid, id: 'DREFUND1', amount: '75.00' })).toEqual(refund);
    fake.settleRefund('DREFUND1', 'DEVOLVIDO');
    expect((await gateway.getCharge(txid))?.pix[0]?.refunds).toEqual([
      { id: 'DREFUND1', amount: '75.00', status: 'DEVOLVIDO' },
    ]);
  });

  it('registers the webhook for the receiver key and removes a charge', async () => {
    const { gateway } = gatewayFor(fake);
    await gateway.registerWebhook('https://tali.example/api/webhooks/pix');
    expect(fake.webhookUrl()).toBe('https://tali.example/api/webhooks/pix');
    const txid = 'CANCEL000000000000000000000000001';
    await gateway.createCharge({ txid, amount: '25.00', expiresInSeconds: 900, description: '' });
    await gateway.cancelCharge(txid);
    expect((await gateway.getCharge(txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });

  it('mutual TLS: with the client certificate it works, without it the PSP refuses', async () => {
    const pem = (name: string) => fs.readFileSync(path.join(tlsDir, name));
    const secure = await startFakePsp({
      tls: { key: pem('server.key'), cert: pem('server.pem'), ca: pem('ca.pem') },
    });
    try {
      const base = {
        apiUrl: secure.apiUrl,
        clientId: FAKE_CLIENT_ID,
        clientSecret: FAKE_CLIENT_SECRET,
        pixKey: FAKE_PIX_KEY,
        merchantName: 'Tali',
        merchantCity: 'Sao Paulo',
        ca: pem('ca.pem'),
      };
      expect(secure.apiUrl.startsWith('https://')).toBe(true);
      const withCert = createApiPixHttp({
        ...base,
        cert: pem('client.pem'),
        key: pem('client.key'),
      });
      const without = createApiPixHttp(base);
      opened.push(withCert, without);
      const charge = await createBcbGateway(base, withCert).createCharge({
        txid: TXID,
        amount: '25.00',
        expiresInSeconds: 60,
        description: '',
      });
      expect(charge.status).toBe('ATIVA');
      await expect(createBcbGateway(base, without).getCharge(TXID)).rejects.toThrow(
        PaymentGatewayError,
      );
    } finally {
      await secure.close();
    }
  });

  it('an unreachable PSP is a gateway error, not a crash', async () => {
    const down = await startFakePsp();
    const { gateway } = gatewayFor(down);
    await down.close();
    await expect(gateway.getCharge(TXID)).rejects.toThrow('Não foi possível falar com o banco');
  });
});
