import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db';
import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../src/shared/constants';
import { D, type Dec, ZERO } from '../../src/shared/decimal';
import { trc20Address, txid } from '../support/money';
import { type Actor, adminActor, confirmProposal, memberActor } from './actors';
import { Http, type Instance, type Reply, Rng, seedFromEnv, sleep, startInstances } from './cluster';
import { checkInvariants } from './invariants';
import { reliabilitySize } from './size';
import { postgresBin, startThrowawayPg, type ThrowawayPg } from './throwaway-pg';

/**
 * Part 2 of the reliability suite: faults.
 * 1. A run of approvals and rejections (and new requests) on two server processes while one of them is
 *    killed with SIGKILL at random moments and restarted, at least KILLS times. Afterwards the money
 *    invariants hold, no request is approved without its ledger entry or has one without approval, every
 *    decision that was answered 200 is in the database, and the balances are exactly the funding plus the
 *    approved requests.
 * 2. PostgreSQL itself is restarted under load: the servers reconnect by themselves, every client gets an
 *    answer in time (a 503 UNAVAILABLE envelope in Korean while the database is away), none hangs.
 *
 * Both run on a PostgreSQL cluster of this file's own (throwaway-pg.ts: initdb into a temporary folder,
 * its own port), started before and removed after: the machine's shared cluster is never restarted.
 */
const SEED = seedFromEnv();
const KILLS = Number(process.env.KILLS ?? reliabilitySize({ full: 20, reduced: 8 }));
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 16);
const HANGUL = /[가-힣]/;
/** Every member's verified own-name bank account: won deposits come from it and withdrawals go to it. */
const OWN_ACCOUNT = { bank_name: '국민은행', account_number: '110-123-456789', account_holder: '홍길동' };

const PG_BIN = postgresBin();
if (!PG_BIN) console.log('crash: skipped (no PostgreSQL binaries for a cluster of its own: set PG_BIN)');

type Req = {
  kind: 'deposit' | 'withdrawal';
  id: string;
  memberId: string;
  currency: BalanceCurrency;
  amount: Dec;
  finalAmount: Dec;
  recipientId: string | null;
};

describe.skipIf(!PG_BIN)('crash test', () => {
  let pg: ThrowawayPg;
  let DATABASE_URL: string;
  let servers: Instance[];
  let db: Db;
  const http = new Http(20_000);
  let admins: Actor[];
  let members: Actor[];
  /** Funding of every (member, currency) before the run: the start of the balance check. */
  const funding = new Map<string, Dec>();
  /** Every request created, and the decisions the servers confirmed with 200. */
  const requests = new Map<string, Req>();
  const confirmed = new Map<string, 'approved' | 'rejected'>();
  const pending = new Set<string>();
  const unexpected: string[] = [];
  /** Decisions whose answer was lost, and what a retry found: already decided (committed) or still pending. */
  const cut = new Set<string>();
  const lostAnswers = { committed: 0, rolledBack: 0 };
  /** Each member's registered withdrawal address (external withdrawals go only to those). */
  const bookOf = new Map<string, string>();

  beforeAll(async () => {
    console.log(`crash: seed=${SEED} (SEED=${SEED} reproduces the choices and kill times)`);
    // The withdrawal rules and the four-eyes thresholds are not under test here (the model and access tests
    // cover them): balances are edited and requests decided in one step, a registered address is usable at
    // once, and the travel rule starts above it all.
    pg = await startThrowawayPg();
    DATABASE_URL = pg.url;
    servers = await startInstances(2, {
      DATABASE_URL,
      FOUR_EYES_ADMIN_EDITS: 'false',
      FOUR_EYES_DEPOSIT_KRW: '1000000000000',
      FOUR_EYES_PAYOUT_KRW: '1000000000000',
      FOUR_EYES_ADMIN_DAILY_KRW: '1000000000000',
      WITHDRAWAL_ADDRESS_DELAY_HOURS: '0',
      KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: '0',
      KRW_FIRST_DEPOSIT_HOLD_HOURS: '0',
      TRAVEL_RULE_THRESHOLD_KRW: '1000000000000',
    });
    db = await openDb({ databaseUrl: DATABASE_URL });
    const base = servers[0]!.url;
    admins = await Promise.all([adminActor(base, db), adminActor(base, db)]);
    members = await Promise.all(Array.from({ length: 8 }, () => memberActor(base)));
    for (const m of members) {
      // A deposit address is always set by two administrators (decision 0321).
      const proposed = await http.call(base, 'PUT', `/api/admin/members/${m.id}/deposit-address`, {
        session: admins[0]!.session,
        body: { deposit_address: trc20Address() },
      });
      const a =
        proposed.status === 202
          ? await confirmProposal(http, base, db, admins[1]!, proposed.body.data.proposal.id)
          : proposed;
      const f = await http.call(base, 'PUT', `/api/admin/members/${m.id}/balances`, {
        session: admins[0]!.session,
        body: { krw: '50000000', usdt: '50000', eth: '0', xrp: '0' },
      });
      await db.query(
        `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
         VALUES ($1, $2, $3, $4, true)`,
        [m.id, OWN_ACCOUNT.bank_name, OWN_ACCOUNT.account_number, OWN_ACCOUNT.account_holder],
      );
      // Each member's external withdrawals go to the one address of its address book.
      const to = trc20Address();
      const b = await http.call(base, 'POST', '/api/withdrawal-addresses', {
        session: m.session,
        body: {
          network: 'TRC20',
          address: to,
          label: '내 지갑',
          wallet_kind: 'own',
          second_password: m.creds.pin,
        },
      });
      bookOf.set(m.id, to);
      if (a.status !== 200 || f.status !== 200 || b.status !== 201)
        throw new Error(`setup: ${JSON.stringify([a.body, f.body, b.body])}`);
      for (const c of BALANCE_CURRENCIES) {
        const b = (f.body.data.balances as { currency: string; total: string }[]).find(
          (x) => x.currency === c,
        );
        funding.set(`${m.id}|${c}`, new D(b?.total ?? 0));
      }
    }
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await db?.close();
    await pg?.remove();
  });

  /** A server that is up, chosen at random (a request may still meet one that is being killed). */
  const anyServer = (rng: Rng) => {
    const up = servers.filter((s) => s.ready);
    return rng.pick(up.length ? up : servers);
  };
  const note = (what: string, r: Reply) => {
    if (unexpected.length < 30)
      unexpected.push(`${what}: ${r.failure ?? r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  };

  async function create(rng: Rng): Promise<void> {
    const m = rng.pick(members);
    const roll = rng.next();
    const s = anyServer(rng);
    if (roll < 0.35) {
      const amount = new D(rng.int(10, 500) * 1000);
      const r = await http.call(s.url, 'POST', '/api/deposits/krw', {
        session: m.session,
        body: {
          ...OWN_ACCOUNT,
          amount: amount.toFixed(),
          depositor_name: '홍길동',
        },
      });
      if (r.status === 201) track('deposit', r, m, null);
      else if (!r.failure) note('create deposit', r);
    } else if (roll < 0.5) {
      const r = await http.call(s.url, 'POST', '/api/deposits/crypto', {
        session: m.session,
        body: { amount: String(rng.int(1, 900)), txid: txid(), sender_address: trc20Address() },
      });
      if (r.status === 201) track('deposit', r, m, null);
      else if (!r.failure) note('create deposit', r);
    } else {
      const internal = rng.chance(0.4);
      let to = rng.pick(members);
      while (to === m) to = rng.pick(members);
      const body = rng.chance(0.4)
        ? {
            amount: String(rng.int(10, 300) * 1000),
            ...OWN_ACCOUNT,
          }
        : internal
          ? {
              currency: 'USDT',
              amount: String(rng.int(1, 300)),
              method: 'internal',
              recipient_id: to.username,
            }
          : {
              currency: 'USDT',
              amount: String(rng.int(2, 300)),
              method: 'external',
              network: 'TRC20',
              recipient_address: bookOf.get(m.id)!,
            };
      const path = 'bank_name' in body ? '/api/withdrawals/krw' : '/api/withdrawals/crypto';
      const r = await http.call(s.url, 'POST', path, {
        session: m.session,
        body: { ...body, second_password: m.creds.pin },
      });
      if (r.status === 201)
        track('withdrawal', r, m, 'method' in body && body.method === 'internal' ? to.id : null);
      else if (!r.failure && r.status !== 409) note('create withdrawal', r);
    }
  }

  function track(kind: Req['kind'], r: Reply, m: Actor, recipientId: string | null) {
    const v = r.body.data;
    requests.set(v.id, {
      kind,
      id: v.id,
      memberId: m.id,
      currency: v.currency,
      amount: new D(v.amount),
      finalAmount: new D(v.final_amount),
      recipientId,
    });
    pending.add(v.id);
  }

  /** Decides a pending request; when the answer is lost (a killed server), it goes back to the pool. */
  async function decide(rng: Rng, id: string, server?: Instance): Promise<void> {
    const req = requests.get(id)!;
    const decision = rng.chance(0.7) ? 'approve' : 'reject';
    const s = server ?? anyServer(rng);
    const r = await http.call(s.url, 'POST', `/api/admin/${req.kind}s/${id}/${decision}`, {
      session: rng.pick(admins).session,
      body: decision === 'reject' ? { reason: '충돌 시험' } : undefined,
    });
    if (r.status === 200) {
      confirmed.set(id, decision === 'approve' ? 'approved' : 'rejected');
      if (cut.delete(id)) lostAnswers.rolledBack++;
    } else if (r.status === 409 && r.body?.error?.code === 'NOT_PENDING') {
      // decided by an earlier attempt whose answer was lost: it had committed before its server died
      if (cut.delete(id)) lostAnswers.committed++;
    } else if (r.failure === 'connection') {
      cut.add(id);
      pending.add(id);
    } else {
      note(`decide ${req.kind}`, r);
      pending.add(id);
    }
  }

  function takePending(rng: Rng): string | null {
    if (!pending.size) return null;
    const ids = [...pending];
    const id = ids[rng.int(0, Math.min(ids.length, 50) - 1)]!;
    pending.delete(id);
    return id;
  }

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

  it(`kill -9 during approvals (${KILLS} kills): nothing approved without debit, nothing debited without approval`, async () => {
    const rng = new Rng(SEED);
    // A stock of pending requests to decide.
    await load(rng, () => requests.size >= 400, 0);
    const t0 = performance.now();
    let kills = 0;
    let inFlightAtKill = 0;
    const restarts: number[] = [];
    const checks: Promise<string[]>[] = [];
    const killer = (async () => {
      const krng = new Rng(SEED + 7);
      while (kills < KILLS) {
        await sleep(krng.int(100, 700));
        const victim = servers[kills % servers.length]!;
        inFlightAtKill += http.inFlight.get(victim.url) ?? 0;
        await victim.kill9();
        kills++;
        restarts.push(await victim.start());
        // Right after each restart, on a consistent snapshot taken under load.
        checks.push(
          checkInvariants(
            DATABASE_URL,
            members.map((m) => m.id),
          ).then((r) => r.problems),
        );
      }
    })();
    const failuresBefore = http.connectionFailures;
    let stopped = false;
    await Promise.all([killer.then(() => (stopped = true)), load(rng, () => stopped)]);
    const runMs = performance.now() - t0;
    await drain(rng);
    const failed = http.connectionFailures - failuresBefore;
    console.log(
      `crash: seed=${SEED} kills=${kills} restart ${Math.round(restarts.reduce((a, b) => a + b, 0) / restarts.length)} ms on average; ` +
        `${Math.round(runMs / 1000)} s of load on ${CONCURRENCY} lanes, ${http.requests} requests, ${confirmed.size} decisions confirmed, ` +
        `${inFlightAtKill} requests in flight when their server was killed, ${failed} connection failures (answer lost or server down; retried); ` +
        `decisions cut off: ${lostAnswers.committed} had committed (a retry found them decided), ${lostAnswers.rolledBack} had not (a retry decided them); timeouts=${http.timeouts}`,
    );
    expect((await Promise.all(checks)).flat()).toEqual([]);
    expect(kills).toBeGreaterThanOrEqual(KILLS);
    expect(unexpected).toEqual([]);
    expect(http.timeouts).toBe(0);
    expect(inFlightAtKill).toBeGreaterThan(0);
    await verify('after kills');
  });

  it('restarts PostgreSQL under load: the servers recover alone, clients get 503 envelopes, never a hang', async () => {
    const rng = new Rng(SEED + 99);
    const classes = new Map<string, number>();
    const bad: string[] = [];
    let restarting = false;
    let stop = false;
    const probe = async (lane: number) => {
      const own = new Rng(SEED + lane);
      while (!stop) {
        const m = own.pick(members);
        const s = servers[lane % servers.length]!;
        const r = own.chance(0.5)
          ? await http.call(s.url, 'GET', '/api/balances', { session: m.session })
          : await http.call(s.url, 'POST', '/api/deposits/krw', {
              session: m.session,
              body: {
                bank_name: '국민은행',
                account_number: '110-123-456789',
                account_holder: '홍길동',
                amount: '10000',
                depositor_name: '홍길동',
              },
            });
        const cls = r.failure ? r.failure : r.status === 503 ? `503 ${r.body?.error?.code}` : `${r.status}`;
        classes.set(cls, (classes.get(cls) ?? 0) + 1);
        if (r.status === 201) track('deposit', r, m, null);
        const clean =
          r.status === 200 ||
          r.status === 201 ||
          (r.status === 503 &&
            r.body?.error?.code === 'UNAVAILABLE' &&
            HANGUL.test(r.body.error.message ?? ''));
        if (!clean && bad.length < 20)
          bad.push(
            `${restarting ? 'during' : 'outside'} restart: ${r.failure ?? r.status} ${JSON.stringify(r.body).slice(0, 200)}`,
          );
        if (!r.status) await sleep(50);
      }
    };
    const starts = servers.map((s) => s.starts);
    const lanes = Array.from({ length: CONCURRENCY }, (_, i) => probe(i));
    await sleep(1_500);
    const t0 = performance.now();
    restarting = true;
    await pg.restart();
    const restartMs = performance.now() - t0;
    // Recovered: both servers answer a database read again, without being touched.
    let recoveredMs = 0;
    for (;;) {
      const ok = await Promise.all(
        servers.map((s) => http.call(s.url, 'GET', '/api/balances', { session: members[0]!.session })),
      );
      if (ok.every((r) => r.status === 200)) break;
      if (performance.now() - t0 > 60_000) {
        for (const s of servers)
          console.log(`${s.name} (running: ${s.running}) output:\n${s.output.slice(-3_000)}`);
        throw new Error(`not recovered: ${JSON.stringify(ok.map((r) => r.failure ?? r.body))}`);
      }
      await sleep(100);
    }
    recoveredMs = performance.now() - t0;
    restarting = false;
    await sleep(1_500);
    stop = true;
    await Promise.all(lanes);
    console.log(
      `crash: PostgreSQL (a cluster of the test's own) restarted in ${Math.round(restartMs)} ms under ${CONCURRENCY} lanes; ` +
        `both servers answered again after ${Math.round(recoveredMs)} ms; replies ${JSON.stringify(Object.fromEntries(classes))}`,
    );
    // Nobody restarted them: the same processes serve before and after.
    expect(servers.map((s) => s.running && s.starts)).toEqual(starts);
    expect(bad).toEqual([]);
    expect(http.timeouts).toBe(0);
    await drain(rng);
    await verify('after the PostgreSQL restart');
  });
});
