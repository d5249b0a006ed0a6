import { type Db, openDb } from '../../../src/server/db';
import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../../src/shared/constants';
import { D, type Dec } from '../../../src/shared/decimal';
import { trc20Address, txid } from '../../support/money';
import { type Actor, adminActor, confirmProposal, memberActor } from '../actors';
import { Http, type Instance, type Reply, type Rng, seedFromEnv, startInstances } from '../cluster';
import { startThrowawayPg, type ThrowawayPg } from '../throwaway-pg';

export const SEED = seedFromEnv();
export const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 16);
export const HANGUL = /[가-힣]/;
/** Every member's verified own-name bank account: won deposits come from it and withdrawals go to it. */
const OWN_ACCOUNT = { bank_name: '국민은행', account_number: '110-123-456789', account_holder: '홍길동' };

export type Req = {
  kind: 'deposit' | 'withdrawal';
  id: string;
  memberId: string;
  currency: BalanceCurrency;
  amount: Dec;
  finalAmount: Dec;
  recipientId: string | null;
};

/**
 * The crash test's rig: a PostgreSQL cluster of its own, two server processes on it, two administrators
 * and eight funded members, and the requests they create and decide (what the servers confirmed is kept,
 * to be checked against the database afterwards).
 */
export function crashRig() {
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

  async function setUp() {
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
  }
  async function tearDown() {
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await db?.close();
    await pg?.remove();
  }

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

  return {
    setUp,
    tearDown,
    http,
    requests,
    confirmed,
    pending,
    unexpected,
    lostAnswers,
    funding,
    create,
    track,
    decide,
    takePending,
    get pg() {
      return pg;
    },
    get DATABASE_URL() {
      return DATABASE_URL;
    },
    get servers() {
      return servers;
    },
    get db() {
      return db;
    },
    get members() {
      return members;
    },
  };
}

export type CrashRig = ReturnType<typeof crashRig>;
