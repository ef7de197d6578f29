/**
 * A local HTTPS stand-in for a browser push service (RFC 8030): it checks each POST is a valid
 * Web Push (aes128gcm body, VAPID Authorization with a JWT signed by the `k` key whose `aud` is
 * its origin, TTL) and records it; each device's answer (201, 410, 500…) is set by the test.
 */
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { decrypt } from 'http_ece';

const TLS = path.join(import.meta.dirname, 'pix-tls');
const read = (name: string) => readFileSync(path.join(TLS, name));

export type PushRequest = {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** What is wrong with it as a Web Push request; empty when valid. */
  problems: string[];
  /** The VAPID public key it was signed with (`k`). */
  vapidKey: string | null;
  jwt: { aud?: string; exp?: number; sub?: string } | null;
};

/** A browser's side of a subscription: the keys the payload is encrypted to. */
export type FakeDevice = {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
};

const b64url = (b: Buffer) => b.toString('base64url');

function checkVapid(authorization: string | undefined, origin: string) {
  const problems: string[] = [];
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2])
    return { problems: ['no VAPID Authorization'], key: null, jwt: null };
  const [token, key] = [match[1], match[2]];
  const [head = '', claims = '', signature = ''] = token.split('.');
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString()) as PushRequest['jwt'];
  if (header.alg !== 'ES256') problems.push(`alg ${header.alg}`);
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33)),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) problems.push('JWT signature does not verify with k');
  if (jwt?.aud !== origin) problems.push(`aud ${jwt?.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!jwt?.exp || jwt.exp <= now || jwt.exp > now + 86_400) problems.push('exp not within 24 h');
  if (!jwt?.sub || !/^(mailto:|https:)/.test(jwt.sub)) problems.push('sub not mailto:/https:');
  return { problems, key, jwt };
}

export async function startPushService() {
  const requests: PushRequest[] = [];
  const answers = new Map<string, number>();
  const delays = new Map<string, number>();
  const server = createServer({ key: read('server.key'), cert: read('server.pem') }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = (req.url ?? '').replace(/^\/push\//, '');
      const vapid = checkVapid(req.headers.authorization, origin);
      const problems = [...vapid.problems];
      if (req.method !== 'POST') problems.push(`method ${req.method}`);
      if (req.headers['content-encoding'] !== 'aes128gcm') problems.push('not aes128gcm');
      if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) problems.push('no TTL');
      requests.push({
        device,
        headers: req.headers,
        body: Buffer.concat(chunks),
        problems,
        vapidKey: vapid.key,
        jwt: vapid.jwt,
      });
      const status = answers.get(device) ?? 201;
      // 0: a push service that takes the request and never answers.
      if (status === 0 && problems.length === 0) return;
      const answer = () => res.writeHead(problems.length > 0 ? 400 : status).end();
      const delay = delays.get(device) ?? 0;
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    /** For PUSH_ENDPOINT_HOSTS. */
    host: `127.0.0.1:${port}`,
    requests,
    /** Trusts this service's certificate (a real server would use NODE_EXTRA_CA_CERTS). */
    agent: new Agent({ ca: read('ca.pem') }),
    /** A new browser subscription on this service. */
    device(name = randomBytes(6).toString('hex')): FakeDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        name,
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) },
        ecdh,
      };
    },
    /** How the service answers pushes to this device from now on (0: never), and how late. */
    answer(device: FakeDevice, status: number, afterMs = 0) {
      answers.set(device.name, status);
      delays.set(device.name, afterMs);
    },
    /** The JSON a device would show, decrypted with its own keys. */
    decrypt(device: FakeDevice, request: PushRequest): unknown {
      const plain = decrypt(request.body, {
        version: 'aes128gcm',
        privateKey: device.ecdh,
        authSecret: device.keys.auth,
      });
      return JSON.parse(plain.toString('utf8'));
    },
    to: (device: FakeDevice) => requests.filter((r) => r.device === device.name),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
