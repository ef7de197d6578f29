/**
 * /loja/:slug/privacidade: the store's privacy notice (GET) and its request form without script
 * (POST .../codigo sends a code to the typed WhatsApp, POST .../solicitacao checks it and opens
 * the request). Public: bodies capped before they are read, attempts limited per client address
 * and per number, every value bounded; a refusal is the page again with its message and a 4xx.
 */
import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { normalizePhone } from '../../src/domain/phone';
import { clientAddress } from '../auth/client-address';
import type { Limit } from '../auth/rate-limit';
import { ApiError, cleanStrings } from '../http';
import { type NoticeInput, renderNotice } from '../services/privacy/notice-page';
import { codeForm, doneNotice, flashError, storeOfNotice } from '../services/privacy/notice-steps';
import { processorsOf } from '../services/privacy/processors';
import { checkCode, issueCode } from '../services/privacy/request-codes';
import { confirmRequest, openRequest } from '../services/privacy/requests';
import { readPrivacySettings } from '../services/privacy/settings';
import { renderNotFound } from '../services/storefront/not-found-page';
import type { AppEnv } from '../types';
import { reserveAttempt } from './attempts';
import { STOREFRONT_CSP } from './storefront';

const SLUG = /^[a-z0-9-]{1,64}$/;
/** A phone, a kind and a code: nothing legitimate is near 4 KB. */
const FORM_MAX_BYTES = 4 * 1024;
export const CODE_ADDRESS_LIMIT: Limit = { max: 10, windowMs: 15 * 60 * 1000 };
export const CODE_PHONE_LIMIT: Limit = { max: 3, windowMs: 60 * 60 * 1000 };
export const CHECK_ADDRESS_LIMIT: Limit = { max: 30, windowMs: 15 * 60 * 1000 };
export const TOO_MANY_REQUESTS = 'Muitas tentativas em pouco tempo. Aguarde alguns minutos.';
const INVALID_PHONE = 'Informe um WhatsApp válido, com DDD.';

const kind = z.enum(['acesso', 'eliminacao'], { error: 'Escolha o que você quer pedir.' });
const phone = z
  .string({ error: INVALID_PHONE })
  .max(40, INVALID_PHONE)
  .transform((v, ctx) => {
    const national = normalizePhone(v);
    if (!national) ctx.addIssue({ code: 'custom', message: INVALID_PHONE });
    return national ?? '';
  });
const codeStep = z.object({ phone, kind });
const checkStep = z.object({
  phone,
  kind,
  code: z
    .string({ error: 'Informe o código recebido.' })
    .max(20, 'O código tem 6 números.')
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length === 6, 'O código tem 6 números.'),
});

export const storefrontPrivacyRoutes = new Hono<AppEnv>();

async function page(c: Context<AppEnv>, extra: Partial<NoticeInput> = {}) {
  const slug = (c.req.param('slug') ?? '').toLowerCase();
  const found = SLUG.test(slug) ? await storeOfNotice(c.var.deps.db, slug) : null;
  if (!found) return null;
  const settings = await readPrivacySettings(c.var.deps.db, found.store.id);
  const input = { ...found, settings, processors: processorsOf(c.var.deps), ...extra };
  return { found, html: (more: Partial<NoticeInput> = {}) => renderNotice({ ...input, ...more }) };
}

type Page = NonNullable<Awaited<ReturnType<typeof page>>>;

function htmlAnswer(c: Context<AppEnv>, html: string, status: ContentfulStatusCode, cache: string) {
  return c.html(html, status, {
    'Content-Security-Policy': STOREFRONT_CSP,
    'Cache-Control': cache,
  });
}

/** A form's fields, each a bounded string (a file or a repeated field is refused). */
async function formOf(c: Context<AppEnv>): Promise<Record<string, string>> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new ApiError(400, 'Formulário inválido.');
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return cleanStrings(out) as Record<string, string>;
}

const limited = bodyLimit({
  maxSize: FORM_MAX_BYTES,
  onError: (c) => c.text('Formulário grande demais.', 413),
});

const notFound = (c: Context<AppEnv>) => htmlAnswer(c, renderNotFound(), 404, 'public, no-cache');

storefrontPrivacyRoutes.get('/:slug/privacidade', async (c) => {
  const p = await page(c);
  if (!p) return notFound(c);
  const body = p.html();
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers = {
    ETag: etag,
    'Cache-Control': 'public, no-cache',
    'Content-Security-Policy': STOREFRONT_CSP,
  };
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
  return c.html(body, 200, headers);
});

/** Runs a step; its refusal (4xx) is the page with the message, the form kept as it was. */
async function step(
  c: Context<AppEnv>,
  run: (form: Record<string, string>, p: Page) => Promise<string>,
) {
  const p = await page(c);
  if (!p) return notFound(c);
  let form: Record<string, string> = {};
  try {
    form = await formOf(c);
    return htmlAnswer(c, await run(form, p), 200, 'no-store');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const again = form.code !== undefined ? codeForm(p.found.store.slug, form) : undefined;
    return htmlAnswer(
      c,
      p.html({ flash: flashError(error.message), form: again }),
      error.status,
      'no-store',
    );
  }
}

storefrontPrivacyRoutes.post('/:slug/privacidade/codigo', limited, (c) =>
  step(c, async (form, p) => {
    const input = parse(codeStep, form);
    const store = p.found.store;
    await reserveAttempt(
      c,
      [
        [`privacy-code:address:${clientAddress(c)}`, CODE_ADDRESS_LIMIT],
        [`privacy-code:phone:${store.id}:${input.phone}`, CODE_PHONE_LIMIT],
      ],
      TOO_MANY_REQUESTS,
    );
    await issueCode(c.var.deps, store, input.phone, input.kind, c.var.deps.now());
    return p.html({ form: codeForm(store.slug, { phone: input.phone, kind: input.kind }) });
  }),
);

storefrontPrivacyRoutes.post('/:slug/privacidade/solicitacao', limited, (c) =>
  step(c, async (form, p) => {
    const input = parse(checkStep, form);
    const { db, now } = c.var.deps;
    const store = p.found.store;
    await reserveAttempt(
      c,
      [[`privacy-check:address:${clientAddress(c)}`, CHECK_ADDRESS_LIMIT]],
      TOO_MANY_REQUESTS,
    );
    await checkCode(db, store.id, input.phone, input.kind, input.code, now());
    const { row } = await openRequest(db, {
      storeId: store.id,
      kind: input.kind,
      channel: 'formulario',
      phone: input.phone,
      name: '',
      now: now(),
    });
    await confirmRequest(c.var.deps, row, p.found.zone, now());
    return p.html({ flash: doneNotice(row), form: '' });
  }),
);

function parse<S extends z.ZodType>(schema: S, form: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(form);
  if (!parsed.success)
    throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Dados inválidos.');
  return parsed.data;
}
