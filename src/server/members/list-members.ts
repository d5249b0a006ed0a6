import type { Queryable } from '../db';
import { iso } from '../sql';

export interface MemberListItem {
  id: string;
  username: string;
  email: string;
  full_name: string;
  contact: string;
  is_admin: boolean;
  created_at: string;
  bank_verified: boolean | null;
  closed_at: string | null;
}

export interface MemberListQuery {
  q?: string;
  /** Open accounts (the default), closed ones, or all. */
  status?: 'active' | 'closed' | 'all';
  /** Members without the administrator role, administrators, or both (the default). */
  role?: 'member' | 'admin' | 'all';
  page: number;
  pageSize: number;
}

export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Up to this many hits, one scan answers a search (page and total). */
const FEW_HITS = 2_000;

/**
 * A search matching more members than this is counted only up to here: its total is shown as "more than
 * 10,000" (`total_capped`) and the list pages through its first 10,000. Counting every row of a search
 * that matches most of the table is a full scan (59 ms on PGlite at 100,000 members); the cap bounds it
 * to this many rows read.
 */
export const MEMBER_COUNT_CAP = 10_000;

const SELECT = `m.id, m.username, m.email, m.full_name, m.contact, m.is_admin,
                ${iso('m.created_at')} AS created_at, b.is_verified AS bank_verified,
                ${iso('m.closed_at')} AS closed_at`;

/** The status filter as a condition on members (a fixed text per value, never the client's). */
const STATUS_WHERE = { active: 'closed_at IS NULL', closed: 'closed_at IS NOT NULL', all: 'true' } as const;
/** The role filter, the same way: the 회원 관리 list shows members only, the 설정 tab the administrators. */
const ROLE_WHERE = { member: 'NOT is_admin', admin: 'is_admin', all: 'true' } as const;

/**
 * The administrator's member list, newest first; with `q`, the members whose username, email or name
 * contains it (any case), an exact username or email match first. Measured at 100,000 members in
 * docs/decisions/0040-admin-member-search.md (bench/member-search.ts).
 */
export async function listMembers(
  db: Queryable,
  { q, status = 'active', role = 'all', page, pageSize }: MemberListQuery,
) {
  const term = q?.trim().toLowerCase() || null;
  const st = `${STATUS_WHERE[status]} AND ${ROLE_WHERE[role]}`;
  const offset = (page - 1) * pageSize;
  if (!term) {
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM members WHERE ${st}`);
    // The page's ids come from the (created_at, id) index alone; only those rows are read.
    const items = await db.query<MemberListItem>(
      `WITH p AS (SELECT id, created_at FROM members WHERE ${st} ORDER BY created_at DESC, id LIMIT $1 OFFSET $2)
       SELECT ${SELECT} FROM p JOIN members m ON m.id = p.id LEFT JOIN bank_accounts b ON b.member_id = m.id
        ORDER BY m.created_at DESC, m.id`,
      [pageSize, offset],
    );
    return { items, total: count?.n ?? 0, total_capped: false, page, pageSize };
  }

  const pattern = `%${likeEscape(term)}%`;
  // Exact matches (at most one username and one email: unique indexes) come first.
  const exact = (
    await db.query<{ id: string }>(
      `SELECT id FROM members WHERE (lower(username) = $1 OR lower(email) = $1) AND ${st} ORDER BY created_at DESC, id`,
      [term],
    )
  ).map((r) => r.id);
  const exactOnPage = exact.slice(offset, offset + pageSize);
  const rest = pageSize - exactOnPage.length;
  const restOffset = Math.max(0, offset - exact.length);
  // One scan of the narrow search column collects up to FEW_HITS matches: a specific search (the usual
  // case) is answered, page and total, from that single pass.
  const few = await db.query<{ id: string; n: number }>(
    `WITH hits AS MATERIALIZED (
       SELECT id, created_at FROM members WHERE search_key LIKE $1 AND ${st} LIMIT ${FEW_HITS + 1})
     SELECT h.id, (SELECT count(*)::int FROM hits) AS n FROM hits h
      WHERE NOT (h.id = ANY($2::uuid[]))
      ORDER BY h.created_at DESC, h.id LIMIT $3 OFFSET $4`,
    [pattern, exact, Math.max(rest, 1), restOffset],
  );
  let total: number;
  let capped = false;
  let restIds: string[];
  const collected = few[0]?.n ?? (await countCapped(db, pattern, st, FEW_HITS + 1));
  if (collected <= FEW_HITS) {
    total = collected;
    restIds = rest > 0 ? few.map((r) => r.id) : [];
  } else {
    // A broad search: count up to the cap, take the page walking the (created_at, id) index, which
    // stops as soon as the page is full.
    const count = await countCapped(db, pattern, st, MEMBER_COUNT_CAP + 1);
    capped = count > MEMBER_COUNT_CAP;
    total = capped ? MEMBER_COUNT_CAP : count;
    restIds =
      rest > 0
        ? (
            await db.query<{ id: string }>(
              `SELECT id FROM members WHERE search_key LIKE $1 AND ${st} AND NOT (id = ANY($2::uuid[]))
                ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
              [pattern, exact, rest, restOffset],
            )
          ).map((r) => r.id)
        : [];
  }
  const ids = [...exactOnPage, ...restIds];
  const rows = ids.length
    ? await db.query<MemberListItem>(
        `SELECT ${SELECT} FROM members m LEFT JOIN bank_accounts b ON b.member_id = m.id WHERE m.id = ANY($1::uuid[])`,
        [ids],
      )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.map((id) => byId.get(id)).filter((r): r is MemberListItem => r !== undefined);
  return { items, total, total_capped: capped, page, pageSize };
}

/**
 * The hits counted up to `limit` (an integer constant of this file): the few-hits count when the page asked
 * for lies past the hits (the scan returned no row), and the broad search's count up to the cap.
 */
async function countCapped(db: Queryable, pattern: string, st: string, limit: number): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM members WHERE search_key LIKE $1 AND ${st} LIMIT ${limit}) h`,
    [pattern],
  );
  return r?.n ?? 0;
}
