import type { Queryable } from '../../src/server/db';

/** Every base table's rows as text, keyed by primary key: table → key → row. */
export type TableRows = Map<string, Map<string, string>>;

/**
 * Reads every table of the schema row by row (the row's own text form: exact numerics and timestamps).
 * A session's last_seen_at and expires_at move with every request it makes: they are left out.
 */
export async function readTables(q: Queryable): Promise<TableRows> {
  const tables = await q.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: TableRows = new Map();
  for (const { table_name: t } of tables) {
    const pk = await q.query<{ attname: string }>(
      `SELECT a.attname FROM pg_index i
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY a.attnum`,
      [`"${t}"`],
    );
    const row =
      t === 'sessions'
        ? '(t.token_hash, t.member_id, t.stage, t.ip, t.user_agent, t.created_at)::text'
        : 't::text';
    const key = pk.length > 0 ? `(${pk.map((c) => `t."${c.attname}"`).join(', ')})::text` : row;
    const rows = await q.query<{ k: string; v: string }>(`SELECT ${key} AS k, ${row} AS v FROM "${t}" t`);
    out.set(t, new Map(rows.map((r) => [r.k, r.v])));
  }
  return out;
}

/**
 * Checks that `restored` is the database as it stood at one moment between `before` (read before the
 * backup started) and `after` (read once everything in flight had finished): every row unchanged between
 * the two is there as it was, no row of `before` is missing, no row appears that neither had, and a row of
 * a table written once per row (append-only) is its `before` or its `after` version. Rows of the tables in
 * `rewritten` may change several times in between (a balance, a request that is created then approved):
 * there only the row's presence is checked here, its content by the caller. Returns the problems found
 * (empty: consistent) and how many of the changed rows the snapshot holds in their final version.
 */
export function compareSnapshot(
  before: TableRows,
  after: TableRows,
  restored: TableRows,
  rewritten: Set<string> = new Set(),
): { problems: string[]; changedInSnapshot: number; changed: number } {
  const problems: string[] = [];
  let changed = 0;
  let changedInSnapshot = 0;
  const names = new Set([...before.keys(), ...after.keys(), ...restored.keys()]);
  for (const t of names) {
    const b = before.get(t) ?? new Map<string, string>();
    const a = after.get(t) ?? new Map<string, string>();
    const r = restored.get(t);
    if (!r) {
      problems.push(`${t}: table missing after restore`);
      continue;
    }
    for (const [k, v] of r) {
      if (v === b.get(k) || v === a.get(k)) continue;
      if (rewritten.has(t) && a.has(k) && b.get(k) !== a.get(k)) continue;
      problems.push(`${t} ${k}: row neither before nor after: ${v}`);
    }
    for (const [k, v0] of b) {
      const v1 = a.get(k);
      if (v1 === v0) {
        if (r.get(k) !== v0) problems.push(`${t} ${k}: unchanged row differs after restore: ${r.get(k)}`);
      } else if (!r.has(k)) {
        problems.push(`${t} ${k}: row missing after restore`);
      }
    }
    for (const [k, v1] of a) {
      if (b.get(k) === v1) continue;
      changed++;
      if (r.get(k) === v1) changedInSnapshot++;
    }
  }
  return { problems, changedInSnapshot, changed };
}
