import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/**
 * A digest of every migration file (names and contents): a cached copy of a migrated database (PGlite's
 * template, the tests' PostgreSQL template) carries it in its name, so other migrations make their own.
 */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(path.join(MIGRATIONS_DIR, f)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Any constant: serialises migrations when several server instances start at once. */
const MIGRATION_LOCK = 7_260_001;

/**
 * Applies every migration not applied yet, in file-name order; safe to run again and concurrently.
 * `through` (a file name) stops after that migration: the upgrade tests build a database of an earlier
 * version with it.
 */
export async function migrate(db: Db, opts: { through?: string } = {}): Promise<string[]> {
  // Read synchronously: at start the event loop held an asynchronous readdir back for 0.3–0.4 s.
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .filter((f) => opts.through === undefined || f <= opts.through);
  const applied: string[] = [];
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await q.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      // Each file goes to the database whole, in one round trip: no file needs a statement of its own
      // (none runs outside a transaction), and PostgreSQL's own parser, not ours, finds the statements.
      await q.exec(sql);
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}
