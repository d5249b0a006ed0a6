import type { Queryable } from '../db';

/** The start of a Korean calendar day (KST is UTC+9 all year) as an ISO instant. */
const kstDayStart = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00+09:00`) + plusDays * 86_400_000).toISOString();

/**
 * A member's id by username (as typed, any case); null when nobody has it, so a filter on an unknown
 * username lists nothing rather than failing.
 */
export async function memberIdByUsername(q: Queryable, username: string): Promise<string | null> {
  const [row] = await q.query<{ id: string }>(
    'SELECT id::text AS id FROM members WHERE lower(username) = lower($1) LIMIT 1',
    [username],
  );
  return row?.id ?? null;
}

/** A WHERE clause built one condition at a time, each with its own numbered parameter. */
export function whereBuilder() {
  const where: string[] = [];
  const params: unknown[] = [];
  return {
    params,
    /** `sql` with every `?` standing for `value`. */
    add(sql: string, value: unknown) {
      params.push(value);
      where.push(sql.replaceAll('?', `$${params.length}`));
    },
    sql: () => (where.length ? `WHERE ${where.join(' AND ')}` : ''),
  };
}

/** The SQL condition "created in [from, to]" for Korean days (both ends included). */
export function addPeriod(
  w: ReturnType<typeof whereBuilder>,
  column: string,
  f: { from?: string | undefined; to?: string | undefined },
) {
  if (f.from) w.add(`${column} >= ?::timestamptz`, kstDayStart(f.from));
  if (f.to) w.add(`${column} < ?::timestamptz`, kstDayStart(f.to, 1));
}

/**
 * The WHERE clause of a records filter: each of `conditions` whose value is given (`?` stands for the
 * value; an absent or empty one is left out), the member the username names (`member`, `?` standing for
 * the member's id) and the Korean days `from`–`to` on the column `period`. Null when the username is
 * nobody's: nothing matches.
 */
export async function recordsWhere(
  q: Queryable,
  f: { username?: string | undefined; from?: string | undefined; to?: string | undefined },
  spec: { conditions: [sql: string, value: unknown][]; member: string; period: string },
) {
  const w = whereBuilder();
  for (const [sql, value] of spec.conditions) if (value !== undefined && value !== '') w.add(sql, value);
  if (f.username) {
    const id = await memberIdByUsername(q, f.username);
    if (!id) return null;
    w.add(spec.member, id);
  }
  addPeriod(w, spec.period, f);
  return w;
}
