/**
 * A local HTTP server that follows the Banco Central's API Pix (bacen/pix-api v2.9.0): OAuth2
 * client credentials with scopes, PUT/GET/PATCH /cob/{txid}, PUT/GET devolução, PUT /webhook.
 * Test controls play the payer (pay), the SPI (settleRefund) and the PSP's webhook (notification).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createDynamicPix, hasError } from 'pix-utils';

export const FAKE_CLIENT_ID = 'talí-client-id';
export const FAKE_CLIENT_SECRET = 'segredo-do-cliente-NUNCA-LOGAR';
export const FAKE_PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const E2EID = /^[a-zA-Z0-9]{32}$/;
const DEV_ID = /^[a-zA-Z0-9]{1,35}$/;
const MONEY = /^\d{1,10}\.\d{2}$/;
const ERR = 'https://pix.bcb.gov.br/api/v2/error/';

type Refund = { id: string; rtrId: string; valor: string; status: string; solicitacao: string };
type PixItem = {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  devolucoes: Refund[];
};
type Cob = {
  txid: string;
  revisao: number;
  criacao: Date;
  expiracao: number;
  status: string;
  valor: string;
  chave: string;
  solicitacaoPagador?: string;
  location: string;
  pix: PixItem[];
};
/** A request's JSON body as sent: every field unchecked until its route checks it, as a PSP does. */
type RequestBody = { readonly [field: string]: unknown };

function requestBody(body: unknown): RequestBody {
  return typeof body === 'object' && body !== null ? (body as RequestBody) : {};
}

/** `object.name` of a value that may be anything ('cob.valor.original'). */
function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as RequestBody)[name] : undefined;
}

export type Recorded = { method: string; path: string; authorization?: string; body: unknown };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const cents = (v: string) => Math.round(Number(v) * 100);

export async function startFakePsp(
  options: {
    grantScopes?: string[];
    tokenSeconds?: number;
    now?: () => Date;
    /** Serve HTTPS and demand a client certificate signed by `ca` (mutual TLS). */
    tls?: { key: Buffer; cert: Buffer; ca: Buffer };
  } = {},
) {
  const now = options.now ?? (() => new Date());
  const allowed = new Set(
    options.grantScopes ?? [
      'cob.write',
      'cob.read',
      'pix.write',
      'pix.read',
      'webhook.write',
      'webhook.read',
    ],
  );
  const tokens = new Map<string, { scopes: Set<string>; expiresAt: number }>();
  const cobs = new Map<string, Cob>();
  const requests: Recorded[] = [];
  let webhookUrl: string | null = null;
  let tokensIssued = 0;
  let locSeq = 100;

  const cobJson = (c: Cob) => {
    const dyn = createDynamicPix({
      merchantName: 'PSP Fake',
      merchantCity: 'Brasilia',
      url: c.location,
      oneTime: true,
    });
    if (hasError(dyn)) throw new Error('pix-utils refused');
    return {
      calendario: { criacao: c.criacao.toISOString(), expiracao: c.expiracao },
      txid: c.txid,
      revisao: c.revisao,
      loc: { id: 1, location: c.location, tipoCob: 'cob' },
      location: c.location,
      status: c.status,
      valor: { original: c.valor, modalidadeAlteracao: 0 },
      chave: c.chave,
      ...(c.solicitacaoPagador ? { solicitacaoPagador: c.solicitacaoPagador } : {}),
      pixCopiaECola: dyn.toBRCode(),
      ...(c.pix.length ? { pix: c.pix } : {}),
    };
  };

  function problem(res: ServerResponse, status: number, type: string, detail: string) {
    res.writeHead(status, { 'content-type': 'application/problem+json' });
    res.end(JSON.stringify({ type: `${ERR}${type}`, title: type, status, detail }));
  }
  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  function oauth(req: IncomingMessage, res: ServerResponse, text: string) {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = Buffer.from(basic ?? '', 'base64')
      .toString('utf8')
      .split(':');
    if (id !== FAKE_CLIENT_ID || secret !== FAKE_CLIENT_SECRET) {
      return json(res, 401, { error: 'invalid_client' });
    }
    const form = new URLSearchParams(text);
    if (form.get('grant_type') !== 'client_credentials') {
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    const asked = (form.get('scope') ?? [...allowed].join(' ')).split(' ').filter(Boolean);
    const granted = asked.filter((s) => allowed.has(s));
    const token = randomBytes(24).toString('hex');
    const seconds = options.tokenSeconds ?? 3600;
    tokens.set(token, { scopes: new Set(granted), expiresAt: Date.now() + seconds * 1000 });
    tokensIssued++;
    return json(res, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: seconds,
      scope: granted.join(' '),
    });
  }

  function route(req: IncomingMessage, res: ServerResponse, path: string, body: unknown) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const session = bearer ? tokens.get(bearer) : undefined;
    if (!session || session.expiresAt <= Date.now())
      return json(res, 401, { error: 'invalid_token' });
    const need = (scope: string) => {
      if (session.scopes.has(scope)) return true;
      problem(res, 403, 'AcessoNegado', `escopo ${scope} ausente`);
      return false;
    };
    const b = requestBody(body);
    const m = `${req.method} ${path}`;
    let p: RegExpExecArray | null;

    p = /^PUT \/v2\/cob\/([^/]+)$/.exec(m);
    if (p) {
      if (!need('cob.write')) return;
      const txid = decodeURIComponent(p[1] ?? '');
      if (!TXID.test(txid)) return problem(res, 400, 'CobOperacaoInvalida', 'txid fora do padrão');
      const exp = field(b.calendario, 'expiracao');
      if (exp !== undefined && (typeof exp !== 'number' || !Number.isInteger(exp) || exp <= 0)) {
        return problem(res, 400, 'CobOperacaoInvalida', 'cob.calendario.expiracao inválido');
      }
      const valor = field(b.valor, 'original');
      if (typeof valor !== 'string' || !MONEY.test(valor) || cents(valor) === 0) {
        return problem(res, 400, 'CobOperacaoInvalida', 'cob.valor.original não respeita o schema');
      }
      if (b.chave !== FAKE_PIX_KEY)
        return problem(res, 400, 'CobOperacaoInvalida', 'cob.chave inválida');
      const solicitacaoPagador =
        typeof b.solicitacaoPagador === 'string' ? b.solicitacaoPagador : undefined;
      if (solicitacaoPagador !== undefined && solicitacaoPagador.length > 140) {
        return problem(res, 400, 'CobOperacaoInvalida', 'solicitacaoPagador longo demais');
      }
      const existing = cobs.get(txid);
      if (existing && existing.status !== 'ATIVA') {
        return problem(res, 400, 'CobOperacaoInvalida', 'cobrança existe e não está ATIVA');
      }
      const cob: Cob = existing
        ? {
            ...existing,
            revisao: existing.revisao + 1,
            valor,
            expiracao: exp ?? existing.expiracao,
          }
        : {
            txid,
            revisao: 0,
            criacao: now(),
            expiracao: exp ?? 86400,
            status: 'ATIVA',
            valor,
            chave: b.chave,
            solicitacaoPagador,
            location: `pix.fake-psp.test/qr/v2/${(locSeq++).toString(16).padStart(32, '0')}`,
            pix: [],
          };
      cobs.set(txid, cob);
      return json(res, 201, cobJson(cob));
    }
    p = /^GET \/v2\/cob\/([^/]+)$/.exec(m);
    if (p) {
      if (!need('cob.read')) return;
      const cob = cobs.get(decodeURIComponent(p[1] ?? ''));
      return cob ? json(res, 200, cobJson(cob)) : problem(res, 404, 'CobNaoEncontrado', 'txid');
    }
    p = /^PATCH \/v2\/cob\/([^/]+)$/.exec(m);
    if (p) {
      if (!need('cob.write')) return;
      const cob = cobs.get(decodeURIComponent(p[1] ?? ''));
      if (!cob) return problem(res, 404, 'CobNaoEncontrado', 'txid');
      if (cob.status !== 'ATIVA' || b.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
        return problem(res, 400, 'CobOperacaoInvalida', 'operação inválida');
      }
      cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
      cob.revisao++;
      return json(res, 200, cobJson(cob));
    }
    p = /^(PUT|GET) \/v2\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(m);
    if (p) {
      if (!need(p[1] === 'PUT' ? 'pix.write' : 'pix.read')) return;
      const [e2eid, id] = [p[2] ?? '', p[3] ?? ''];
      if (!E2EID.test(e2eid) || !DEV_ID.test(id))
        return problem(res, 400, 'PixDevolucaoInvalida', 'id');
      const pix = [...cobs.values()].flatMap((c) => c.pix).find((x) => x.endToEndId === e2eid);
      if (!pix) return problem(res, 404, 'PixNaoEncontrado', 'e2eid');
      const existing = pix.devolucoes.find((d) => d.id === id);
      const out = (d: Refund) => ({
        id: d.id,
        rtrId: d.rtrId,
        valor: d.valor,
        horario: { solicitacao: d.solicitacao },
        status: d.status,
      });
      if (p[1] === 'GET')
        return existing ? json(res, 200, out(existing)) : problem(res, 404, 'NaoEncontrado', 'id');
      if (existing) return problem(res, 400, 'PixDevolucaoInvalida', 'id já utilizado');
      if (typeof b.valor !== 'string' || !MONEY.test(b.valor)) {
        return problem(res, 400, 'PixDevolucaoInvalida', 'devolucao.valor não respeita o schema');
      }
      const already = pix.devolucoes.reduce((s, d) => s + cents(d.valor), 0);
      if (already + cents(b.valor) > cents(pix.valor)) {
        return problem(res, 400, 'PixDevolucaoInvalida', 'excede o valor do pix');
      }
      const d: Refund = {
        id,
        rtrId: `D${randomBytes(16).toString('hex').slice(0, 31)}`,
        valor: b.valor,
        status: 'EM_PROCESSAMENTO',
        solicitacao: now().toISOString(),
      };
      pix.devolucoes.push(d);
      return json(res, 201, out(d));
    }
    p = /^PUT \/v2\/webhook\/([^/]+)$/.exec(m);
    if (p) {
      if (!need('webhook.write')) return;
      if (decodeURIComponent(p[1] ?? '') !== FAKE_PIX_KEY) {
        return problem(res, 400, 'WebhookOperacaoInvalida', 'chave não pertence ao recebedor');
      }
      try {
        new URL(String(b.webhookUrl));
      } catch {
        return problem(res, 400, 'WebhookOperacaoInvalida', 'webhookUrl');
      }
      webhookUrl = String(b.webhookUrl);
      res.writeHead(200);
      return res.end();
    }
    return problem(res, 404, 'NaoEncontrado', m);
  }

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const text = await readBody(req);
    let body: unknown = text;
    try {
      body = text && !url.pathname.startsWith('/oauth') ? JSON.parse(text) : text;
    } catch {
      return problem(res, 400, 'RequisicaoInvalida', 'JSON inválido');
    }
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization,
      body,
    });
    if (req.method === 'POST' && url.pathname === '/oauth/token') return oauth(req, res, text);
    return route(req, res, url.pathname, body);
  };
  const server = options.tls
    ? createTlsServer({ ...options.tls, requestCert: true, rejectUnauthorized: true }, handler)
    : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheme = options.tls ? 'https' : 'http';
  const origin = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: `${origin}/v2`,
    oauthUrl: `${origin}/oauth/token`,
    requests,
    cobs,
    tokensIssued: () => tokensIssued,
    webhookUrl: () => webhookUrl,
    /** Drops every token, as a PSP restart or revocation would. */
    revokeTokens: () => tokens.clear(),
    /**
     * The payer pays `txid` (default the charge's amount). Refused once expired unless `late`
     * (a PSP that settled it after expiry). Returns the webhook body the PSP would post.
     */
    pay(txid: string, opts: { amount?: string; late?: boolean } = {}) {
      const cob = cobs.get(txid);
      if (cob?.status !== 'ATIVA') throw new Error(`cannot pay ${txid}`);
      const expired = cob.criacao.getTime() + cob.expiracao * 1000 <= now().getTime();
      if (expired && !opts.late) throw new Error(`charge ${txid} expired`);
      const item: PixItem = {
        endToEndId: `E12345678${now().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex').slice(0, 11)}`,
        txid,
        valor: opts.amount ?? cob.valor,
        horario: now().toISOString(),
        devolucoes: [],
      };
      cob.pix.push(item);
      cob.status = 'CONCLUIDA';
      return {
        pix: [{ endToEndId: item.endToEndId, txid, valor: item.valor, horario: item.horario }],
      };
    },
    /** The SPI settles a devolução. */
    settleRefund(id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO') {
      for (const c of cobs.values())
        for (const p of c.pix) for (const d of p.devolucoes) if (d.id === id) d.status = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakePsp = Awaited<ReturnType<typeof startFakePsp>>;
