import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of a test's own on the PostgreSQL server of `baseUrl`, for a test that must see no other
 * file's writes (a whole-database fingerprint, a count of everything pending) while files run in parallel.
 */
export async function createOwnDatabase(baseUrl: string, prefix = 'wallet_own') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropOwnDatabase(baseUrl: string, name: string) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}
