import { expect } from 'vitest';
import type { BalanceCurrency } from '../../../src/shared/constants';
import { D, type Dec, ZERO } from '../../../src/shared/decimal';
import { Rng } from '../cluster';
import { checkInvariants } from '../invariants';
import { CONCURRENCY, type CrashRig, type Req } from './rig';

/** The crash test's load, the drain of what is left pending, and the check of the database against the run. */
export function crashRun(rig: CrashRig) {
  const {
    requests,
    confirmed,
    pending,
    funding,
    decide,
    create,
    takePending,
    DATABASE_URL,
    servers,
    db,
    members,
  } = rig;

  /** Runs creations and decisions on `CONCURRENCY` lanes until `stop()` says so. */
  async function load(rng: Rng, stop: () => boolean, decideShare = 0.75) {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, lane) => {
        const own = new Rng(rng.int(0, 2 ** 31) + lane);
        while (!stop()) {
          const id = own.chance(decideShare) ? takePending(own) : null;
          if (id) await decide(own, id);
          else await create(own);
        }
      }),
    );
  }

  /** Decides everything still pending, on servers that are up. */
  async function drain(rng: Rng) {
    for (let round = 0; pending.size && round < 20; round++) {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let id = takePending(rng); id; id = takePending(rng)) await decide(rng, id);
        }),
      );
    }
    // Requests left pending by a decision whose answer was lost, or created by a request whose answer
    // was lost (the server committed, then died): decided now on a server that is up.
    const left = await db.query<{
      kind: Req['kind'];
      id: string;
      member_id: string;
      currency: BalanceCurrency;
      amount: string;
      final_amount: string;
      recipient: string | null;
    }>(
      `SELECT 'deposit' AS kind, id::text AS id, member_id::text AS member_id, currency, amount::text AS amount,
              amount::text AS final_amount, NULL::text AS recipient
         FROM deposits WHERE status = 'pending' AND member_id = ANY($1::uuid[])
       UNION ALL
       SELECT 'withdrawal', id::text, member_id::text, currency, amount::text, final_amount::text, recipient_member_id::text
         FROM withdrawals WHERE status = 'pending' AND member_id = ANY($1::uuid[])`,
      [members.map((m) => m.id)],
    );
    for (const r of left) {
      if (!requests.has(r.id)) {
        requests.set(r.id, {
          kind: r.kind,
          id: r.id,
          memberId: r.member_id,
          currency: r.currency,
          amount: new D(r.amount),
          finalAmount: new D(r.final_amount),
          recipientId: r.recipient,
        });
      }
      await decide(
        rng,
        r.id,
        servers.find((s) => s.running),
      );
    }
  }

  /** The database against what the run confirmed, and the balances against the approved requests. */
  async function verify(label: string) {
    const ids = members.map((m) => m.id);
    const report = await checkInvariants(DATABASE_URL, ids);
    const rows = await db.query<
      Req & { status: string; amount: string; final_amount: string; recipient_member_id: string | null }
    >(
      `SELECT 'deposit' AS kind, id::text AS id, member_id::text AS "memberId", currency, amount::text AS amount,
              amount::text AS final_amount, NULL::text AS recipient_member_id, status
         FROM deposits WHERE member_id = ANY($1::uuid[])
       UNION ALL
       SELECT 'withdrawal', id::text, member_id::text, currency, amount::text, final_amount::text,
              recipient_member_id::text, status
         FROM withdrawals WHERE member_id = ANY($1::uuid[])`,
      [ids],
    );
    const lost = [...confirmed].filter(([id, status]) => rows.find((r) => r.id === id)?.status !== status);
    // Balances from the requests alone: funding + approved deposits − approved withdrawals + transfers received.
    const expected = new Map(funding);
    const add = (memberId: string, currency: string, v: Dec) =>
      expected.set(`${memberId}|${currency}`, (expected.get(`${memberId}|${currency}`) ?? ZERO).plus(v));
    for (const r of rows.filter((x) => x.status === 'approved')) {
      if (r.kind === 'deposit') add(r.memberId, r.currency, new D(r.amount));
      else {
        add(r.memberId, r.currency, new D(r.amount).neg());
        if (r.recipient_member_id) add(r.recipient_member_id, r.currency, new D(r.final_amount));
      }
    }
    const balances = await db.query<{ member_id: string; currency: string; balance: string }>(
      'SELECT member_id::text AS member_id, currency, balance::text AS balance FROM balances WHERE member_id = ANY($1::uuid[])',
      [ids],
    );
    const wrong = balances
      .filter((b) => !(expected.get(`${b.member_id}|${b.currency}`) ?? ZERO).eq(b.balance))
      .map(
        (b) => `${b.member_id} ${b.currency} ${b.balance} ≠ ${expected.get(`${b.member_id}|${b.currency}`)}`,
      );
    const stillPending = rows.filter((r) => r.status === 'pending').length;
    console.log(
      `crash (${label}): ${rows.length} requests (${rows.filter((r) => r.status === 'approved').length} approved, ${rows.filter((r) => r.status === 'rejected').length} rejected, ${stillPending} pending), ${report.ledgerEntries} ledger entries; invariants ${report.problems.length ? 'FAIL' : 'ok'}`,
    );
    expect(report.problems).toEqual([]);
    expect(lost.map(([id, s]) => `${id} was ${s} (200) but is not in the database`)).toEqual([]);
    expect(wrong).toEqual([]);
    expect(stillPending).toBe(0);
  }

  return { load, drain, verify };
}
