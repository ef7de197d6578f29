/**
 * Who a campaign goes to: the store's live customers (all, or those of its audience's labels
 * less its 'exceto' labels), one per phone number (either form of a Brazilian mobile), none
 * whose number asked to stop (SAIR). Fixed once, when it starts.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Audience } from '../../../src/domain/label-audience';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import type { Tx } from '../../db/store-write';

export const SKIP_REASONS = {
  optedOut: 'Cliente pediu para não receber promoções (SAIR)',
  duplicatePhone: 'Mesmo telefone de outro cliente: recebe uma vez só',
  deleted: 'Cliente excluído antes do envio',
  cancelled: 'Campanha cancelada antes do envio',
  later: 'Cadastrado depois do pagamento: fica para a próxima campanha',
} as const;

/**
 * What a paid campaign may reach (decision 012): the customers present when its charge was
 * made (`before`), at most `cap` of them (the bands paid × 100). Null: no payment, no limit.
 */
export type PaidAudience = { before: Date; cap: number | null } | null;

/**
 * A mobile stored without the ninth digit counts as the same number as with it: the generated
 * column `phone_key` (server/db/schema-catalogue.ts), in customers_store_phone_key_idx.
 */
const canonicalPhone = sql`c.phone_key`;

/**
 * `c` carries one of these labels (customer_labels_store_label_idx answers it), or carried it
 * when it was deleted: a deleted label keeps choosing, or excluding, the customers it had for
 * the campaigns that named it (deleted_label_links, written by the label's tombstone).
 */
function carriesAny(storeId: string, ids: readonly string[]): SQL {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // EXISTS: the planner makes it a (hash) semi- or anti-join; NOT IN over a subquery would not.
  return sql`(exists (select 1 from customer_labels cl
    where cl.store_id = ${storeId} and cl.label_id in (${list}) and cl.customer_id = c.id)
    or exists (select 1 from deleted_label_links dl
    where dl.store_id = ${storeId} and dl.label_id in (${list}) and dl.customer_id = c.id))`;
}

/** The audience's condition on `c` (labels chosen: any of them; exceto: none of those). */
function inAudience(storeId: string, audience: Audience): SQL {
  if (!audience) return sql``;
  const parts: SQL[] = [];
  if (audience.labels.length > 0) parts.push(sql` and ${carriesAny(storeId, audience.labels)}`);
  if (audience.exclude.length > 0) {
    parts.push(sql` and not ${carriesAny(storeId, audience.exclude)}`);
  }
  return sql.join(parts, sql``);
}

/**
 * Every live customer of the audience with: rn (1 = first of its number), anyOut (its number
 * opted out). Numbers are matched within the audience: a customer outside it changes nothing.
 */
function ranked(storeId: string, audience: Audience = null): SQL {
  return sql`select c.id, c.name, c.phone, c.created_at,
      row_number() over (partition by ${canonicalPhone} order by c.created_at, c.id) as rn,
      bool_or(c.opted_out) over (partition by ${canonicalPhone}) as any_out
    from customers c
    where c.store_id = ${storeId} and c.deleted_at is null${inAudience(storeId, audience)}`;
}

/**
 * How many would receive it now (the draft's "number of clients"); null audience = everyone.
 * The numbers of the audience none of whose customers opted out: the same rows as `ranked`'s
 * rn = 1 and not any_out, grouped instead of ranked (a hash aggregate, no sort of the store).
 */
export function countAudienceSql(storeId: string, audience: Audience = null): SQL {
  return sql`select count(*)::int as n from (
      select bool_or(c.opted_out) as any_out from customers c
      where c.store_id = ${storeId} and c.deleted_at is null${inAudience(storeId, audience)}
      group by ${canonicalPhone}) r
    where not r.any_out`;
}

export async function countAudience(
  db: Db | Tx,
  storeId: string,
  audience: Audience = null,
): Promise<number> {
  const result = await db.execute(countAudienceSql(storeId, audience));
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Has the store at least one live customer (spec §5: needed to create a campaign)? */
export async function hasCustomers(db: Db | Tx, storeId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select exists(select 1 from customers where store_id = ${storeId} and deleted_at is null) as e`,
  );
  return Boolean(rowsOf<{ e: boolean }>(result)[0]?.e);
}

/**
 * One row per live customer, in one statement: the first of each number pending, the others
 * and opted-out numbers skipped with their reason, and for a paid campaign the customers beyond
 * what was paid (added after the charge, or past bands × 100) skipped as waiting for the next
 * campaign. Re-running it adds nothing (UNIQUE). Returns the number of pending recipients.
 */
export async function fixRecipients(
  tx: Tx,
  campaignId: string,
  storeId: string,
  paid: PaidAudience = null,
  audience: Audience = null,
): Promise<number> {
  const eligible = paid
    ? sql`(r.rn = 1 and not r.any_out and r.created_at <= ${paid.before.toISOString()})`
    : sql`(r.rn = 1 and not r.any_out)`;
  const overCap = paid && paid.cap !== null ? sql`(r.seq > ${paid.cap})` : sql`false`;
  await tx.execute(sql`
    insert into campaign_recipients (campaign_id, store_id, customer_id, name, phone, status, last_error)
    select ${campaignId}, ${storeId}, r.id, r.name, r.phone,
      case when r.any_out or r.rn > 1 or not r.eligible or ${overCap} then 'skipped' else 'pending' end,
      case when r.any_out then ${SKIP_REASONS.optedOut}
           when r.rn > 1 then ${SKIP_REASONS.duplicatePhone}
           when not r.eligible or ${overCap} then ${SKIP_REASONS.later} else null end
    from (
      select r.*, ${eligible} as eligible,
        row_number() over (partition by ${eligible} order by r.created_at, r.id) as seq
      from (${ranked(storeId, audience)}) r
    ) r
    on conflict (campaign_id, customer_id) do nothing`);
  const result = await tx.execute(
    sql`select count(*)::int as n from campaign_recipients
        where campaign_id = ${campaignId} and status <> 'skipped'`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
