import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db';
import { migrate } from '../../src/server/db/migrate';
import { MEMBER_COUNT_CAP } from '../../src/server/members/list-members';
import { housekeeping } from '../../src/server/ops/housekeeping';
import { fileAdmin, fileServer } from '../support/fixture';
import { uniqueName } from '../support/server';

/**
 * Decision 0202: a search matching more members than the cap is counted up to it (`total_capped`), and
 * its pages are still the matches newest first; narrower searches and the unsearched list count exactly.
 */
// A database of its own: its 10,000 members would otherwise be in every other file's whole-house reads
// (reserve snapshots, member lists) for the rest of the suite.
const server = fileServer({}, { ownDatabase: true });
const admin = fileAdmin(server);
const stem = uniqueName('cap').slice(0, 10).toLowerCase();
const MANY = MEMBER_COUNT_CAP + 50;
beforeAll(async () => {
  const hash = `$argon2id$v=19$m=19456,t=2,p=1$${'x'.repeat(22)}$${'y'.repeat(43)}`;
  await server.db.query(
    `INSERT INTO members (username, email, full_name, contact, password_hash, second_password_hash, created_at)
     SELECT $1 || lpad(i::text, 6, '0'), $1 || i || '@cap.example', '캡회원' || i, '010-1234-5678', $2, $2,
            now() - make_interval(secs => i)
       FROM generate_series(1, $3::int) AS i`,
    [stem, hash, MANY],
  );
}, 120_000);

const list = (query: string) => admin.client.get(`/api/admin/members?${query}`);

describe('member list count cap', () => {
  it('a search matching more than the cap answers the cap as a lower bound, with its pages newest first', async () => {
    const p1 = await list(`q=${stem}`);
    expect(p1.status).toBe(200);
    expect(p1.body.data).toMatchObject({ total: MEMBER_COUNT_CAP, total_capped: true, page: 1 });
    const names = p1.body.data.items.map((m: { username: string }) => m.username);
    expect(names).toHaveLength(p1.body.data.pageSize);
    expect(names[0]).toBe(`${stem}000001`);
    const p2 = await list(`q=${stem}&page=2`);
    expect(p2.body.data.total_capped).toBe(true);
    expect(p2.body.data.items[0].username).toBe(
      `${stem}${String(p1.body.data.pageSize + 1).padStart(6, '0')}`,
    );
  });

  it('a narrower search and the unsearched list count exactly', async () => {
    // Usernames are the stem and a six-digit number: "<stem>00" is numbers 1–9,999 (more than one scan
    // collects, fewer than the cap), "<stem>0000" numbers 1–99.
    const broad = await list(`q=${stem}00`);
    expect(broad.body.data).toMatchObject({ total: 9_999, total_capped: false });
    const narrow = await list(`q=${stem}0000`);
    expect(narrow.body.data).toMatchObject({ total: 99, total_capped: false });
    const all = await list('status=all');
    expect(all.body.data.total_capped).toBe(false);
    expect(all.body.data.total).toBeGreaterThan(MANY);
  });
});

describe('housekeeping on PGlite (no autovacuum there)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ memory: true });
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('vacuums and analyzes: the member pages become all-visible for index-only scans', async () => {
    await db.query(
      `INSERT INTO members (username, email, full_name, contact, password_hash, second_password_hash)
       SELECT 'hk' || i, 'hk' || i || '@hk.example', '회원' || i, '010-1234-5678', 'x', 'x'
         FROM generate_series(1, 500) AS i`,
    );
    const before = await db.query<{ v: number }>(
      "SELECT relallvisible AS v FROM pg_class WHERE relname = 'members'",
    );
    expect(before[0]?.v).toBe(0);
    await housekeeping(db);
    const after = await db.query<{ v: number; t: number }>(
      "SELECT relallvisible AS v, reltuples AS t FROM pg_class WHERE relname = 'members'",
    );
    expect(after[0]?.v).toBeGreaterThan(0);
    expect(after[0]?.t).toBeGreaterThanOrEqual(500);
  });
});
