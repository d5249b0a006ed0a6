import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../src/server/db';

const DIR = path.resolve('src/server/db/migrations');

/**
 * Applies the migrations whose file names sort before `before` ("010"), as the version before that one
 * did: what an upgrade test fills with that version's rows before it runs the rest with `migrate`.
 */
export async function migrateBefore(db: Db, before: string) {
  const files = (await readdir(DIR)).filter((f) => f.endsWith('.sql') && f < before).sort();
  await db.tx(async (q) => {
    await q.query(
      'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const f of files) {
      await q.exec(await readFile(path.join(DIR, f), 'utf8'));
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [f]);
    }
  });
}
