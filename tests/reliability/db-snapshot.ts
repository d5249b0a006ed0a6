import type { Queryable } from '../../src/server/db';

/**
 * A fingerprint of every table's content: equal fingerprints mean nothing was written. Sessions are
 * fingerprinted without last_seen_at (reading a session refreshes it) and rate-limit events are left out
 * (counting refused attempts is their job).
 */
export async function snapshot(q: Queryable): Promise<Record<string, string>> {
  const tables = await q.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'rate_limit_events'
      ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const row =
      table_name === 'sessions' ? `(t.token_hash, t.member_id, t.stage, t.expires_at)::text` : 't::text';
    const [r] = await q.query<{ n: number; h: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(${row}, '|' ORDER BY ${row})) AS h FROM "${table_name}" t`,
    );
    out[table_name] = `${r?.n}:${r?.h ?? ''}`;
  }
  return out;
}
