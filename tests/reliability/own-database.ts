import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';

/**
 * Every reliability file on a PostgreSQL database of its own (`<DATABASE_URL's name>_r<random>`, dropped
 * after the file), so the suite's files run side by side: their checks that nothing changed fingerprint
 * every table, which another file's writes to a shared database would change under them. A setup file,
 * run before the test file is imported, so what reads DATABASE_URL at import sees this database.
 */
const base = process.env.DATABASE_URL;
if (base) {
  const url = new URL(base);
  const name = `${url.pathname.slice(1)}_r${randomBytes(4).toString('hex')}`.replace(/[^a-zA-Z0-9_]/g, '_');
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  afterAll(() => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
