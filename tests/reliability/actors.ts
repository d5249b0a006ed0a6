import { SESSION_COOKIE } from '../../src/server/auth/sessions';
import type { Db } from '../../src/server/db';
import { adminClient, extraRecoveryCodes, type MemberCreds, memberClient } from '../support/client';
import type { Http, Reply } from './cluster';

/** A member (or administrator) of the reliability tests: signed up and logged in through both steps. */
export interface Actor {
  id: string;
  username: string;
  creds: MemberCreds;
  /** The session cookie's value; it works on every server instance (sessions live in the database). */
  session: string;
}

function toActor(m: Awaited<ReturnType<typeof memberClient>>): Actor {
  const session = m.client.cookies.get(SESSION_COOKIE);
  if (!session) throw new Error('no session cookie after login');
  return { id: m.id, username: m.creds.username, creds: m.creds, session };
}

export const memberActor = async (base: string) => toActor(await memberClient(base));

/** A fresh member promoted to administrator in the database (test setup, like adminClient). */
export const adminActor = async (base: string, db: Pick<Db, 'query'>) => toActor(await adminClient(base, db));

type Queries = { query(sql: string, params?: unknown[]): Promise<unknown[]> };

/** Per administrator: recovery codes not sent yet, the refill under way, and confirmations in flight. */
interface Stock {
  codes: string[];
  refill: Promise<void> | null;
  inFlight: number;
  waiting: (() => void)[];
}
const stocks = new WeakMap<Actor, Stock>();
const stockOf = (a: Actor): Stock => {
  let s = stocks.get(a);
  if (!s) {
    s = { codes: a.creds.totpRecovery ?? [], refill: null, inFlight: 0, waiting: [] };
    a.creds.totpRecovery = [];
    stocks.set(a, s);
  }
  return s;
};

/**
 * A fresh one-time code of an administrator for the step-up of a confirmation (decision 0321): one of
 * its recovery codes, never a TOTP step, because parallel confirmations of one administrator would use up
 * each other's steps (once a later step is accepted, an earlier one is a replay). The suite confirms far
 * more often than two steps per 30 s, so more codes are stored, as enrolment stores them, when the stock
 * runs low.
 */
export async function stepUpCode(db: Queries, admin: Actor): Promise<string> {
  const s = stockOf(admin);
  while (s.codes.length === 0) {
    s.refill ??= extraRecoveryCodes(db, admin.id, 200).then((more) => {
      s.codes.push(...more);
      s.refill = null;
    });
    await s.refill;
  }
  return s.codes.shift()!;
}

/**
 * Confirms a proposal as `by`, with a fresh code. At most this many confirmations of one administrator are
 * in flight at once: each one reserves an attempt of the administrator's one-time-code counter while its
 * code is checked (5 at most, decision 0150), as a person confirming one proposal after another never does.
 */
const CONFIRMS_IN_FLIGHT = 3;

export async function confirmProposal(
  http: Http,
  base: string,
  db: Queries,
  by: Actor,
  proposalId: string,
): Promise<Reply> {
  const s = stockOf(by);
  while (s.inFlight >= CONFIRMS_IN_FLIGHT) await new Promise<void>((resolve) => s.waiting.push(resolve));
  s.inFlight++;
  try {
    const otpCode = await stepUpCode(db, by);
    return await http.call(base, 'POST', `/api/admin/proposals/${proposalId}/confirm`, {
      session: by.session,
      body: { otpCode },
    });
  } finally {
    s.inFlight--;
    s.waiting.shift()?.();
  }
}
