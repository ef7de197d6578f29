/** PGlite's query on named prepared statements: same answers and errors as PGlite's own path. */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePgliteQueries } from './pglite-prepared';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  preparePgliteQueries(client, 3);
  await client.exec('create table t (id int primary key, at timestamptz, tags text[], note text)');
  // A fresh PGlite runs initdb: minutes of CPU when the whole suite shares two cores.
}, 180_000);
afterAll(() => client?.close());

describe('prepared statements on PGlite', () => {
  it('answers rows, fields, affected rows and typed values as PGlite does', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const insert = await client.query('insert into t values ($1, $2, $3, $4)', [
      1,
      at,
      ['a'],
      null,
    ]);
    expect(insert.affectedRows).toBe(1);
    for (let i = 0; i < 3; i++) {
      const { rows, fields } = await client.query('select * from t where id = $1', [1]);
      expect(rows).toEqual([{ id: 1, at, tags: ['a'], note: null }]);
      expect(fields.map((f) => f.name)).toEqual(['id', 'at', 'tags', 'note']);
    }
    const arrays = await client.query('select id, note from t', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, null]]);
  });

  it('reads the database as it is now, never an earlier answer', async () => {
    const read = () => client.query<{ note: string }>('select note from t where id = $1', [1]);
    await client.query('update t set note = $1 where id = $2', ['first', 1]);
    expect((await read()).rows[0]?.note).toBe('first');
    await client.query('update t set note = $1 where id = $2', ['second', 1]);
    expect((await read()).rows[0]?.note).toBe('second');
  });

  it('throws the database error with the query, and the connection stays usable', async () => {
    const failing = client.query('insert into t values ($1)', [1]);
    await expect(failing).rejects.toMatchObject({
      code: '23505',
      query: 'insert into t values ($1)',
    });
    await expect(client.query('select $1::int + 1 as n', ['x'])).rejects.toThrow(/invalid input/);
    expect((await client.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
  });

  it('prepares again when a table it reads changed shape, and keeps only the newest few', async () => {
    expect((await client.query('select * from t where id = $1', [1])).fields).toHaveLength(4);
    await client.exec('alter table t add column extra int default 7');
    const { rows } = await client.query<{ extra: number }>('select * from t where id = $1', [1]);
    expect(rows[0]?.extra).toBe(7);
    for (let i = 0; i < 10; i++) {
      expect((await client.query(`select ${i} + $1::int as n`, [1])).rows).toEqual([{ n: i + 1 }]);
    }
    const { rows: prepared } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name like 'tali_%'",
    );
    expect(prepared[0]?.n).toBeLessThanOrEqual(4);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    let inside = false;
    const tx = client.transaction(async (t) => {
      await t.query('update t set note = $1 where id = $2', ['in tx', 1]);
      inside = true;
      await new Promise((r) => setTimeout(r, 50));
      await t.rollback();
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(inside).toBe(true);
    const { rows } = await client.query<{ note: string }>('select note from t where id = $1', [1]);
    expect(rows[0]?.note).toBe('second');
    await tx;
  });
});
