import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE, type SessionStage } from '../../src/server/auth/sessions';
import {
  admin,
  FRESH_CALLER,
  freshMember,
  http,
  other,
  owner,
  server,
  setUp,
  TOTP_OPS,
  tearDown,
  type Who,
} from './access/cast';
import { REQUESTS } from './access/requests';
import { ACCESS_MATRIX, CALLERS, type Caller } from './access-matrix';
import { adminActor } from './actors';
import type { Reply } from './cluster';
import { snapshot } from './db-snapshot';
import { fillPath, loadOperations, type Operation } from './openapi';

/** Part 4 of the reliability suite: every operation × every kind of caller, against ACCESS_MATRIX. */
const HANGUL = /[가-힣]/;
const REFUSAL_CODES: Record<number, string[]> = {
  401: ['UNAUTHENTICATED', 'SECOND_FACTOR_REQUIRED'],
  403: ['FORBIDDEN'],
  404: ['NOT_FOUND'],
  409: ['CONFLICT'],
};

beforeAll(setUp);
afterAll(tearDown);

/** The caller of a cell, with a session of its own (made in the database like a login would). */
async function callerFor(op: string, caller: Caller): Promise<{ who: Who; session: string | null }> {
  if (caller === 'none') return { who: { caller, actor: null }, session: null };
  const fresh = FRESH_CALLER.has(op);
  if (TOTP_OPS.has(op) && (caller === 'member' || caller === 'admin')) {
    const actor = await freshMember();
    if (caller === 'admin')
      await server.db.query('UPDATE members SET is_admin = true WHERE id = $1', [actor.id]);
    const session = await createSession(server.db, server.config, actor.id, 'full', {});
    return { who: { caller, actor }, session };
  }
  const actor =
    caller === 'member'
      ? fresh
        ? await freshMember()
        : owner
      : caller === 'other'
        ? other
        : fresh
          ? await adminActor(server.url, server.db)
          : admin;
  const stage: SessionStage = caller === 'password' ? 'password' : 'full';
  const session = await createSession(server.db, server.config, actor.id, stage, {});
  return { who: { caller, actor }, session };
}

interface Prepared {
  op: Operation;
  caller: Caller;
  expected: number;
  session: string | null;
  url: string;
  body: unknown;
}

async function prepareCell(op: Operation, caller: Caller, expected: number): Promise<Prepared> {
  const { who, session } = await callerFor(op.operationId, caller);
  const req = await REQUESTS[op.operationId]!(who);
  // 'other' names A's resources: every id the factory chose belongs to A (or to the administrator's data).
  const qs = req.query ? `?${new URLSearchParams(req.query)}` : '';
  return {
    op,
    caller,
    expected,
    session,
    url: `${fillPath(op.path, req.params ?? {})}${qs}`,
    body: req.body,
  };
}

async function send(p: Prepared) {
  if (p.op.operationId === 'streamEvents') return openStream(p);
  if (p.op.path.endsWith('.csv')) return download(p);
  return http.call(server.url, p.op.method, p.url, { session: p.session, body: p.body });
}

/** A CSV export answers text/csv, not the JSON envelope: its success is read from the headers. */
async function download(p: Prepared): Promise<Reply> {
  const res = await fetch(`${server.url}${p.url}`, {
    headers: p.session ? { cookie: `${SESSION_COOKIE}=${p.session}` } : {},
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/csv')) return { status: res.status, body: await res.json(), ms: 0 };
  await res.text();
  return { status: res.status, body: { data: type, error: null }, ms: 0 };
}

/** The event stream never ends by itself: its status is read from the headers, then it is closed. */
async function openStream(p: Prepared): Promise<Reply> {
  const ac = new AbortController();
  const res = await fetch(`${server.url}${p.url}`, {
    headers: p.session ? { cookie: `${SESSION_COOKIE}=${p.session}` } : {},
    signal: ac.signal,
  });
  const type = res.headers.get('content-type') ?? '';
  const body = type.startsWith('text/event-stream') ? { data: type, error: null } : await res.json();
  ac.abort();
  return { status: res.status, body, ms: 0 };
}

describe('access matrix', () => {
  it('has one row, and one valid request, for every operation of the OpenAPI document', async () => {
    const ops = (await loadOperations(server.url)).map((o) => o.operationId).sort();
    expect(Object.keys(ACCESS_MATRIX).sort()).toEqual(ops);
    expect(Object.keys(REQUESTS).sort()).toEqual(ops);
    for (const [id, row] of Object.entries(ACCESS_MATRIX)) {
      for (const c of CALLERS) expect(row[c] === 'n/a' || Number.isInteger(row[c]), `${id}.${c}`).toBe(true);
    }
  });

  it('gives every cell exactly its declared status; refused cells change nothing', async () => {
    const ops = await loadOperations(server.url);
    const cells = ops.flatMap((op) =>
      CALLERS.flatMap((caller) => {
        const expected = ACCESS_MATRIX[op.operationId]?.[caller];
        return expected === undefined || expected === 'n/a' ? [] : [{ op, caller, expected }];
      }),
    );
    const mismatches: string[] = [];
    const check = (p: Prepared, r: Awaited<ReturnType<typeof send>>) => {
      const label = `${p.op.operationId} × ${p.caller}: expected ${p.expected}, got ${r.failure ?? r.status}`;
      if (r.status !== p.expected) mismatches.push(`${label} ${JSON.stringify(r.body).slice(0, 200)}`);
      else if (r.status >= 400) {
        const e = r.body?.error;
        if (
          !REFUSAL_CODES[r.status]?.includes(e?.code) ||
          !HANGUL.test(e?.message ?? '') ||
          r.body.data !== null
        ) {
          mismatches.push(`${label} but ${JSON.stringify(r.body)}`);
        }
      } else if (r.body?.error !== null) mismatches.push(`${label} but ${JSON.stringify(r.body)}`);
    };

    // Refused cells first, all together between two snapshots of the whole database.
    const refused = cells.filter((c) => c.expected >= 400);
    const preparedRefused: Prepared[] = [];
    for (const c of refused) preparedRefused.push(await prepareCell(c.op, c.caller, c.expected));
    const before = await snapshot(server.db);
    for (const p of preparedRefused) check(p, await send(p));
    const after = await snapshot(server.db);

    // Allowed cells one by one: each really succeeds.
    const allowed = cells.filter((c) => c.expected < 400);
    for (const c of allowed) {
      const p = await prepareCell(c.op, c.caller, c.expected);
      check(p, await send(p));
    }

    const count = (v: number | 'n/a') =>
      Object.values(ACCESS_MATRIX).reduce((s, row) => s + CALLERS.filter((c) => row[c] === v).length, 0);
    console.log(
      `access matrix: ${ops.length} operations × ${CALLERS.length} callers = ${ops.length * CALLERS.length} cells: ` +
        `${allowed.length} allowed (2xx), ${refused.length} refused (401: ${count(401)}, 403: ${count(403)}), ${count('n/a')} n/a; ` +
        `mismatches ${mismatches.length}`,
    );
    expect(mismatches).toEqual([]);
    expect(after).toEqual(before);
  });
});
