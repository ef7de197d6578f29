/** Password hashing with scrypt (memory-hard, in node:crypto): self-describing, upgradable hashes. */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

type Params = { N: number; r: number; p: number };

/** ~32 MiB and ~50–100 ms per hash on a small server: costly for a guesser, fine for a login. */
const PRODUCTION: Params = { N: 2 ** 15, r: 8, p: 1 };

/**
 * The API tests' cost (1 MiB): they register and log in hundreds of times (rate limits, 400s on
 * every field), and at 32 MiB each those hashes were a large share of the suite's CPU on two
 * cores. Only under vitest (NODE_ENV=test) with TALI_TEST_FAST_HASH=1 (vitest.config.ts, API
 * projects); tests/api/auth.test.ts turns it off and checks the production parameters.
 */
const TESTS: Params = { N: 2 ** 10, r: 8, p: 1 };

const current = (): Params =>
  process.env.NODE_ENV === 'test' && process.env.TALI_TEST_FAST_HASH === '1' ? TESTS : PRODUCTION;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is exactly too small for N=2^15. */
const maxmem = (params: Params) => 256 * params.N * params.r;

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: maxmem(params) },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$key` (base64url): the parameters travel with the hash so they can be raised. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const params = current();
  const key = await derive(password, salt, params);
  const { N, r, p } = params;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(encoded: string): { params: Params; salt: Buffer; key: Buffer } | null {
  const [kind, n, r, p, salt, key] = encoded.split('$');
  if (kind !== 'scrypt' || !salt || !key) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N >= 2 ** 10 &&
    params.N <= 2 ** 20 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 16;
  if (!sane) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** Constant-time comparison of the derived key; false for any malformed stored hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the hash was made with weaker parameters than today's: rehash after a good login. */
export function needsRehash(encoded: string): boolean {
  const parsed = parse(encoded);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  const now = current();
  return N < now.N || r < now.r || p < now.p;
}

/** One dummy hash per cost (the tests' cost differs from production's). */
const dummies = new Map<number, Promise<string>>();

/**
 * Spends the same work as a real check when the e-mail is unknown, so response time does not
 * tell an attacker which e-mails have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  const { N } = current();
  let dummy = dummies.get(N);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'));
    dummies.set(N, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
