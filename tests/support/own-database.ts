import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb } from '../../src/server/db';
import { migrate, migrationsHash } from '../../src/server/db/migrate';

/**
 * The database DATABASE_URL named when this module was first loaded: a file that works on a database of
 * its own (file-database.ts) points DATABASE_URL there, and what it makes next still comes from here.
 */
export const BASE_DATABASE_URL = process.env.DATABASE_URL || undefined;

async function onServer<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const withName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Any constant: one test process at a time builds the migrated template of a server. */
const TEMPLATE_LOCK = 7_260_002;

/**
 * A database with every migration of this checkout applied, made once per PostgreSQL server and set of
 * migrations (`<base>_tpl_<digest of the migration files>`), from which `CREATE DATABASE … TEMPLATE` copies
 * a file's database: 0.2–0.3 s, against 1.2 s to migrate an empty one on the 2-core CI machine. Built
 * under a lock under another name and renamed, so a parallel file sees either none or a whole one.
 */
async function migratedTemplate(baseUrl: string): Promise<string> {
  const base = new URL(baseUrl).pathname.slice(1);
  const name = `${base}_tpl_${migrationsHash()}`;
  return onServer(baseUrl, async (c) => {
    await c.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${base}_tplbuild_${randomBytes(3).toString('hex')}`;
      await c.query(`CREATE DATABASE ${building}`);
      const db = await openDb({ databaseUrl: withName(baseUrl, building) });
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/**
 * A database of a test's own on the PostgreSQL server of `baseUrl`, for a test that must see no other
 * file's writes (a whole-database fingerprint, a count of everything pending) while files run in parallel.
 * `migrated`: a copy of the migrated template, as a server would leave it after its first start;
 * otherwise empty (a test of the migrations themselves).
 */
export async function createOwnDatabase(
  baseUrl: string,
  prefix = 'wallet_own',
  opts: { migrated?: boolean } = {},
) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const template = opts.migrated ? await migratedTemplate(baseUrl) : null;
  await onServer(baseUrl, (c) =>
    c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  return { name, url: withName(baseUrl, name) };
}

export async function dropOwnDatabase(baseUrl: string, name: string) {
  await onServer(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
