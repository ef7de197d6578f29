/**
 * HTTP client for a PSP's API Pix: OAuth2 client credentials (token cached until it expires),
 * optional mutual TLS, JSON in and out. Logs method, path and status only: never the client
 * secret, the token, the keys or a body.
 */
import http from 'node:http';
import https from 'node:https';
import { logger } from '../../logger';
import { PaymentGatewayError } from './gateway';

export type ApiPixHttpOptions = {
  /** Base of the API, e.g. https://pix.api.efipay.com.br/v2 (paths like /cob/… are appended). */
  apiUrl: string;
  /** Token endpoint; default `${origin of apiUrl}/oauth/token`. */
  oauthUrl?: string;
  clientId: string;
  clientSecret: string;
  /** PEM contents (not paths) for mutual TLS. */
  cert?: string | Buffer;
  key?: string | Buffer;
  /** Extra trusted CA for the PSP's server certificate (tests; real PSPs use public CAs). */
  ca?: string | Buffer;
  /** Scopes asked for the token. */
  scopes?: string[];
  timeoutMs?: number;
  now?: () => number;
};

export type ApiPixResponse = { status: number; body: unknown };

export const API_PIX_SCOPES = [
  'cob.write',
  'cob.read',
  'pix.write',
  'pix.read',
  'webhook.write',
  'webhook.read',
];

/** A token is renewed this long before the PSP says it expires (clock skew, slow requests). */
const TOKEN_MARGIN_MS = 30_000;

export function createApiPixHttp(options: ApiPixHttpOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const oauthUrl = options.oauthUrl ?? `${new URL(base).origin}/oauth/token`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? Date.now;
  const tls = {
    ...(options.cert && options.key ? { cert: options.cert, key: options.key } : {}),
    ...(options.ca ? { ca: options.ca } : {}),
  };
  const httpsAgent = new https.Agent({ keepAlive: true, ...tls });
  const httpAgent = new http.Agent({ keepAlive: true });
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;
  /** How many tokens were fetched (tests check the cache). */
  let tokensFetched = 0;

  function send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<ApiPixResponse> {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const lib = secure ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(
        target,
        {
          method,
          agent: secure ? httpsAgent : httpAgent,
          headers: {
            accept: 'application/json',
            ...headers,
            ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
          },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              // Not JSON (a proxy's HTML error page): kept as text for the error message.
              parsed = text;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      scope: (options.scopes ?? API_PIX_SCOPES).join(' '),
    }).toString();
    let res: ApiPixResponse;
    try {
      res = await send(
        'POST',
        oauthUrl,
        { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        form,
      );
    } catch (error) {
      logger.warn('pix psp unreachable', { step: 'oauth', error: (error as Error).message });
      throw new PaymentGatewayError('Não foi possível falar com o banco (Pix). Tente novamente.');
    }
    const body = res.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (res.status !== 200 || typeof body?.access_token !== 'string') {
      logger.warn('pix psp refused the credentials', { step: 'oauth', status: res.status });
      throw new PaymentGatewayError(
        'O banco (Pix) recusou as credenciais. Verifique a configuração.',
        res.status,
      );
    }
    tokensFetched++;
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    token = { value: body.access_token, expiresAt: now() + seconds * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** The cached token, or one new token however many requests ask at once. */
  function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** An API call; a 401 drops the cached token and retries once with a new one. */
  async function request(method: string, path: string, body?: unknown): Promise<ApiPixResponse> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = (value: string): Record<string, string> => ({
      authorization: `Bearer ${value}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    });
    try {
      let res = await send(method, `${base}${path}`, headers(await accessToken()), payload);
      if (res.status === 401) {
        token = null;
        res = await send(method, `${base}${path}`, headers(await accessToken()), payload);
      }
      if (res.status >= 400)
        logger.warn('pix psp answered an error', { method, path, status: res.status });
      return res;
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw error;
      logger.warn('pix psp unreachable', { method, path, error: (error as Error).message });
      throw new PaymentGatewayError('Não foi possível falar com o banco (Pix). Tente novamente.');
    }
  }

  return {
    request,
    tokensFetched: () => tokensFetched,
    close() {
      httpsAgent.destroy();
      httpAgent.destroy();
    },
  };
}

export type ApiPixHttp = ReturnType<typeof createApiPixHttp>;
