/** The PGlite executeSql adapter: pg-boss's scripts run atomically and never wedge the connection. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './client';

let database: Database;
beforeAll(async () => {
  database = await openPglite();
  // A fresh PGlite runs initdb: minutes of CPU when the whole suite shares two cores.
}, 180_000);
afterAll(() => database?.close());

describe('executeSql on PGlite', () => {
  it('answers parameterised queries with rows as objects', async () => {
    const { rows } = await database.executeSql('select $1::int + 1 as n, $2::text as s', [41, 'a']);
    expect(rows).toEqual([{ n: 42, s: 'a' }]);
  });

  it('runs a multi-statement script and answers its last SELECT', async () => {
    const { rows } = await database.executeSql('create temp table t0 (x int); select 7 as x');
    expect(rows).toEqual([{ x: 7 }]);
  });

  it('rolls a failed BEGIN…COMMIT script back and leaves the connection usable', async () => {
    const script = 'BEGIN;\ncreate table t1 (x int);\nselect 1/0;\nCOMMIT;\n';
    await expect(database.executeSql(script)).rejects.toThrow(/division by zero/);
    const { rows } = await database.executeSql(
      "select count(*)::int as n from pg_tables where tablename = 't1'",
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('refuses raw SQL from inside one of the app’s transactions instead of hanging', async () => {
    const inside = database.db.transaction(() => database.executeSql('select 1'));
    await expect(inside).rejects.toThrow(/after the transaction commits/);
    expect((await database.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
