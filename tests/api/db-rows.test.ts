import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db';

// Rows as the database layer returns them, on the database the suite runs on (PostgreSQL through `pg`;
// or PGlite): the same objects either way.
let db: Db;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  db = url ? await openDb({ databaseUrl: url }) : await openDb({ memory: true });
});
afterAll(async () => {
  await db?.close();
});

describe('rows from the database', () => {
  it('are plain objects keyed by column name, with the usual types, whatever the names', async () => {
    const rows = await db.query(
      `SELECT 1::int AS n, 'x'::text AS "a""b", NULL::text AS memo, true AS ok, 1.50::numeric AS amount,
              '회원'::text AS "이름", 2::int AS "__proto__", 3::int AS "constructor"
         FROM generate_series(1, 3)`,
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.keys(row)).toEqual([
        'n',
        'a"b',
        'memo',
        'ok',
        'amount',
        '이름',
        '__proto__',
        'constructor',
      ]);
      expect(row).toMatchObject({
        n: 1,
        'a"b': 'x',
        memo: null,
        ok: true,
        amount: '1.50',
        이름: '회원',
        constructor: 3,
      });
      expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(2);
    }
  });

  it('follow a statement whose columns change under the same text', async () => {
    const seen = await db.tx(async (q) => {
      await q.query('CREATE TEMP TABLE db_rows_change (a int) ON COMMIT DROP');
      await q.query('INSERT INTO db_rows_change VALUES (1)');
      const before = await q.query('SELECT * FROM db_rows_change');
      await q.query("ALTER TABLE db_rows_change ADD COLUMN b text DEFAULT 'x'");
      const after = await q.query('SELECT * FROM db_rows_change');
      return { before, after };
    });
    expect(seen.before).toEqual([{ a: 1 }]);
    expect(seen.after).toEqual([{ a: 1, b: 'x' }]);
  });

  it('answers a statement without rows with none', async () => {
    expect(await db.query('SELECT 1 AS n WHERE false')).toEqual([]);
  });
});

describe('statements a transaction starts together', () => {
  const table = `in_turn_${process.pid}`;

  it('run one at a time, in order, and all inside the transaction, even after one of them failed', async () => {
    await db.query(`CREATE TABLE ${table} (n int)`);
    try {
      const done: number[] = [];
      const run = (n: number, sql: string, q: { query(sql: string): Promise<unknown> }) =>
        q.query(sql).then(() => done.push(n));
      // The first fails at once; the two after it were already asked for and must not reach the table
      // after the rollback, outside the transaction.
      await expect(
        db.tx((q) =>
          Promise.all([
            run(1, 'SELECT 1 / 0', q),
            run(2, `INSERT INTO ${table} VALUES (2)`, q),
            run(3, `INSERT INTO ${table} VALUES (3)`, q),
          ]),
        ),
      ).rejects.toThrow();
      expect(done).toEqual([]);
      expect(await db.query(`SELECT n FROM ${table}`)).toEqual([]);

      await db.tx((q) =>
        Promise.all([
          run(1, `INSERT INTO ${table} VALUES (1)`, q),
          run(2, 'SELECT pg_sleep(0.05)', q),
          run(3, `INSERT INTO ${table} VALUES (3)`, q),
        ]),
      );
      expect(done).toEqual([1, 2, 3]);
      expect(await db.query(`SELECT n FROM ${table} ORDER BY n`)).toEqual([{ n: 1 }, { n: 3 }]);
    } finally {
      await db.query(`DROP TABLE ${table}`);
    }
  });
});

describe('a transaction’s last statement sent with its commit', () => {
  const text = `끝'\\"; ROLLBACK; --\n$1 \u00a0`;
  const table = `commit_with_${process.pid}`;

  it('writes its parameters in exactly, and commits', async () => {
    await db.query(`CREATE TABLE ${table} (t text, n numeric, j jsonb)`);
    await db.tx(async (q) => {
      await q.query(`INSERT INTO ${table} VALUES ('first', 1, NULL)`);
      await q.commitWith(`INSERT INTO ${table} SELECT $1::text, $2::numeric, $3::jsonb`, [
        text,
        12.5,
        JSON.stringify({ text }),
      ]);
    });
    expect(await db.query(`SELECT t, n::text AS n, j FROM ${table} ORDER BY t`)).toEqual([
      { t: 'first', n: '1', j: null },
      { t: text, n: '12.5', j: { text } },
    ]);
  });

  it('commits nothing when the statement fails', async () => {
    await expect(
      db.tx(async (q) => {
        await q.query(`INSERT INTO ${table} VALUES ('second', 2, NULL)`);
        await q.commitWith(`SELECT 1 / $1::int`, [0]);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await db.query(`SELECT t FROM ${table} WHERE t = 'second'`)).toEqual([]);
  });

  it('released before the flush: answers once the log is on disk past its commit', async () => {
    const pg = db.kind === 'pg';
    for (let i = 0; i < 20; i++) {
      const written = await db.tx(async (q) => {
        await q.query(`INSERT INTO ${table} VALUES ($1, $2, NULL)`, [`early ${i}`, i]);
        // Where the log ends before the commit record: the flush must reach past it.
        const [at] = pg
          ? await q.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')
          : [];
        await q.commitWith(`UPDATE ${table} SET n = n + $1::numeric WHERE t = $2`, [1, `early ${i}`], {
          releaseBeforeFlush: true,
        });
        return at?.lsn;
      });
      if (written) {
        const [flushed] = await db.query<{ past: boolean }>(
          'SELECT pg_current_wal_flush_lsn() > $1::pg_lsn AS past',
          [written],
        );
        expect(flushed?.past).toBe(true);
      }
    }
    const rows = await db.query<{ n: string }>(
      `SELECT n::text AS n FROM ${table} WHERE t LIKE 'early %' ORDER BY ${table}.n`,
    );
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    await expect(
      db.tx(async (q) => {
        await q.query(`INSERT INTO ${table} VALUES ('late', 0, NULL)`);
        await q.commitWith('SELECT 1 / $1::int', [0], { releaseBeforeFlush: true });
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await db.query(`SELECT t FROM ${table} WHERE t = 'late'`)).toEqual([]);
    await db.query(`DROP TABLE ${table}`);
  });
});
