/** Minimal HTTP client for Evolution API v2: apikey header, timeouts, errors without secrets. */
import { logger } from '../../logger';
import { GatewayError, GatewayOutcomeUnknownError, NumberNotOnWhatsAppError } from './gateway';

export type EvolutionHttpOptions = {
  baseUrl: string;
  apiKey: string;
  /** Per-request timeout; must exceed any `delay` sent with a message. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export type EvolutionResponse = { status: number; body: unknown };

/** Finds `exists: false` anywhere Evolution may put it (top level or response.message[]). */
export function saysNotOnWhatsApp(body: unknown, depth = 0): boolean {
  if (depth > 4 || typeof body !== 'object' || body === null) return false;
  if (!Array.isArray(body) && (body as { exists?: unknown }).exists === false) return true;
  return Object.values(body).some((v) => saysNotOnWhatsApp(v, depth + 1));
}

/**
 * Failures that happen before a byte of the request is written: no address, nothing listening,
 * no route, the connection never opened. Anything else (a timeout, a reset, a socket closed
 * under the request) may come after the gateway got the request.
 */
const NOT_WRITTEN = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCodes(error: unknown, depth = 0): string[] {
  if (depth > 3 || typeof error !== 'object' || error === null) return [];
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = typeof e.code === 'string' ? [e.code] : [];
  const nested = Array.isArray(e.errors) ? e.errors : [];
  return [
    ...own,
    ...errorCodes(e.cause, depth + 1),
    ...nested.flatMap((n) => errorCodes(n, depth + 1)),
  ];
}

/** True when the request surely never reached the gateway (safe to call "not sent"). */
export function neverWritten(error: unknown): boolean {
  if ((error as Error)?.name === 'TimeoutError') return false;
  const codes = errorCodes(error);
  return codes.length > 0 && codes.every((c) => NOT_WRITTEN.has(c));
}

const UNREACHABLE = 'Não foi possível falar com o servidor do WhatsApp. Tente novamente.';

export function createEvolutionHttp(options: EvolutionHttpOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  /** Any HTTP answer is returned; only network failures and timeouts throw. */
  async function request(method: string, path: string, body?: unknown): Promise<EvolutionResponse> {
    const send = () =>
      doFetch(`${base}${path}`, {
        method,
        headers: {
          apikey: options.apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    let res: Response;
    try {
      // A reused keep-alive socket may be closed by the gateway just as we write on it. Reads and
      // logouts are safe to repeat once; a send is not (the customer could get it twice).
      res = await send().catch((error: unknown) => {
        const retriable = method === 'GET' || method === 'DELETE';
        if (!retriable || (error as Error).name === 'TimeoutError') throw error;
        return send();
      });
    } catch (error) {
      // Only the method and path are logged: the key travels in a header, never in the path.
      logger.warn('whatsapp gateway unreachable', { method, path, error: String(error) });
      // A POST (a send) that may have been written: its outcome is unknown, not "not sent".
      if (method === 'POST' && !neverWritten(error))
        throw new GatewayOutcomeUnknownError(UNREACHABLE);
      throw new GatewayError(UNREACHABLE);
    }
    // A body cut short is read as empty: the status alone still says what happened.
    const text = await res.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's HTML error page): kept as text for the error message.
      parsed = text;
    }
    return { status: res.status, body: parsed };
  }

  /** Like request, but a non-2xx answer is a GatewayError (or NumberNotOnWhatsAppError). */
  async function expectOk(method: string, path: string, body?: unknown, number?: string) {
    const res = await request(method, path, body);
    if (res.status >= 200 && res.status < 300) return res.body;
    if (res.status === 400 && number && saysNotOnWhatsApp(res.body)) {
      throw new NumberNotOnWhatsAppError(number);
    }
    logger.warn('whatsapp gateway error', { method, path, status: res.status });
    // A 5xx says the gateway failed somewhere, maybe after the message left: unknown.
    if (method === 'POST' && res.status >= 500) {
      throw new GatewayOutcomeUnknownError(
        'O servidor do WhatsApp não confirmou o pedido.',
        'rejected',
      );
    }
    throw new GatewayError(
      res.status === 401 || res.status === 403
        ? 'O servidor do WhatsApp recusou a chave de acesso. Verifique a configuração.'
        : 'O servidor do WhatsApp não aceitou o pedido. Tente novamente.',
      'rejected',
    );
  }

  return { request, expectOk };
}

export type EvolutionHttp = ReturnType<typeof createEvolutionHttp>;
