/** The HTTP side of GET /api/products and /api/customers: query, gzip and the answer's headers. */
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError, acceptsGzip } from '../http';
import { type ListKind, listAllJson, listPageJson, WholeList } from '../services/sync/list-json';
import type { AppEnv } from '../types';

/** Smaller answers are sent as they are (as the compress middleware does below 1 KB). */
const GZIP_FROM_BYTES = 1024;

const LIST_QUERY_INVALID =
  'Parâmetros de paginação inválidos: use limit entre 1 e 1000 e offset a partir de 0';

const pageQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(1000)),
  offset: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

/** Answers GET /api/<kind>: the whole list, or one page with `?limit=&offset=` (same array shape). */
export function listRoute(kind: ListKind) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const { limit, offset } = c.req.query();
    const headers = { 'content-type': 'application/json; charset=UTF-8' };
    const { db } = c.var.deps;
    if (limit === undefined && offset === undefined) {
      const list = await listAllJson(db, kind, c.var.storeId, c.var.snapshot);
      // A big list streams, gzip'd on the way by the compress middleware.
      if (!(list instanceof WholeList)) return c.body(list, 200, headers);
      const vary = { ...headers, Vary: 'Accept-Encoding' };
      if (list.bytes.byteLength < GZIP_FROM_BYTES || !acceptsGzip(c)) {
        // With its length, the compress middleware leaves a small answer alone, as it means to.
        const length = String(list.bytes.byteLength);
        return c.body(list.bytes, 200, { ...vary, 'Content-Length': length });
      }
      return c.body(list.gzip, 200, { ...vary, 'Content-Encoding': 'gzip' });
    }
    const page = pageQuery.safeParse({ limit: limit ?? '1000', offset: offset ?? '0' });
    if (!page.success) throw new ApiError(400, LIST_QUERY_INVALID);
    const { storeId } = c.var;
    const body = await listPageJson(db, kind, storeId, page.data.limit, page.data.offset);
    return c.body(body, 200, headers);
  };
}
