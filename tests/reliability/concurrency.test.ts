import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db';
import { BALANCE_CURRENCIES } from '../../src/shared/constants';
import { D } from '../../src/shared/decimal';
import { addressFor, erc20Address, trc20Address } from '../support/money';
import { adminActor, memberActor } from './actors';
import { DATABASE_URL, type Instance, Rng, runLanes, seedFromEnv, startInstances } from './cluster';
import { decisionOps } from './concurrency/decisions';
import { floodOps } from './concurrency/flood';
import { lockOps } from './concurrency/locks';
import { book, bookEntry, type Kind, OWN_ACCOUNT, START, WEIGHTS, XRP_TAG } from './concurrency/model';
import { requestOps } from './concurrency/requests';
import { type Workload, workload } from './concurrency/workload';
import { checkInvariants, type InvariantReport } from './invariants';
import { reliabilitySize } from './size';

/**
 * Part 1 of the reliability suite: a seeded random workload sent with high concurrency through HTTP to
 * two server processes sharing one PostgreSQL database, checked against the money invariants at
 * checkpoints (while the load runs) and at the end against an in-memory model replayed from the
 * accepted (2xx) operations.
 *
 * Reproduce: SEED=<printed seed> DATABASE_URL=… npm run test:reliability -- concurrency
 * Knobs: OPERATIONS (default 10000, 2500 at the reduced size of size.ts), CONCURRENCY (default 32).
 */
const SEED = seedFromEnv();
const OPERATIONS = Number(process.env.OPERATIONS ?? reliabilitySize({ full: 10_000, reduced: 2_500 }));
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const CHECKPOINTS = 4;
const MEMBERS = 16;
const FLOOD_MEMBERS = 4;

if (!DATABASE_URL)
  console.log('concurrency: skipped (two server processes need a shared PostgreSQL: set DATABASE_URL)');

/** Every operation of the plan by its kind; made once the actors exist. */
function runTable(w: Workload): Record<Kind, (rng: Rng) => Promise<void>> {
  const { setBalances, ...decisions } = decisionOps(w);
  return {
    ...requestOps(w),
    ...decisions,
    setBalances: (rng) => setBalances(rng),
    staleSetBalances: (rng) => setBalances(rng, true),
    ...lockOps(w),
    readBalances: w.readBalances,
    ...floodOps(w),
  };
}

describe.skipIf(!DATABASE_URL)('concurrency model test (two servers, one PostgreSQL)', () => {
  let servers: Instance[];
  let db: Db;
  let w: Workload;

  beforeAll(async () => {
    console.log(`concurrency: seed=${SEED} (SEED=${SEED} reproduces this workload)`);
    // Withdrawal rules that this model does not follow are relaxed (tests/api/withdrawal-rules.test.ts and
    // withdrawal-limits.test.ts have them); external withdrawals still go only to registered addresses
    // (each member's book, below).
    servers = await startInstances(2, {
      WITHDRAWAL_ADDRESS_DELAY_HOURS: '0',
      KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: '0',
      KRW_FIRST_DEPOSIT_HOLD_HOURS: '0',
      TRAVEL_RULE_THRESHOLD_KRW: '1000000000000000',
      DAILY_LIMIT_CRYPTO_KRW: '1000000000000000',
      DAILY_LIMIT_KRW: '1000000000000000',
    });
    db = await openDb({ databaseUrl: DATABASE_URL });
    w = workload(servers, db);
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await db?.close();
  });

  // ------------------------------------------------------------------ the run

  it(`keeps every invariant under ${OPERATIONS} concurrent operations and matches the model`, async () => {
    const t0 = performance.now();
    const { http, model, stats, failures, floodFigures, adminChange, fail } = w;
    const base = servers[0]!.url;
    w.admins = await Promise.all([adminActor(base, db), adminActor(base, db), adminActor(base, db)]);
    for (let i = 0; i < MEMBERS + FLOOD_MEMBERS; i += 5) {
      w.members.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(5, MEMBERS + FLOOD_MEMBERS - i) }, () => memberActor(base)),
        )),
      );
    }
    w.floods = w.members.splice(MEMBERS);
    const everyone = [...w.members, ...w.floods];
    const setup = new Rng(SEED);
    await Promise.all(
      everyone.map(async (m) => {
        for (const deposit_address of [trc20Address(), erc20Address()]) {
          // Setting a deposit address is always a proposal (decision 0321).
          const a = await adminChange(
            setup,
            w.admins[0]!,
            'PUT',
            `/api/admin/members/${m.id}/deposit-address`,
            { deposit_address },
            base,
          );
          if (a.status !== 200) throw new Error(`deposit address: ${JSON.stringify(a.body)}`);
        }
        await db.query(
          `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
           VALUES ($1, $2, $3, $4, true)`,
          [m.id, OWN_ACCOUNT.bank_name, OWN_ACCOUNT.account_number, OWN_ACCOUNT.account_holder],
        );
        // Address book: one registered address per network (XRPL: with and without the tag used below).
        for (const network of ['TRC20', 'ERC20', 'XRPL', 'BTC'] as const) {
          const address = addressFor(network);
          book.set(`${m.id}|${network}`, address);
          const tags = network === 'XRPL' ? [undefined, XRP_TAG] : [undefined];
          for (const tag of tags) {
            const r = await http.call(base, 'POST', '/api/withdrawal-addresses', {
              session: m.session,
              body: { ...bookEntry(m, network, address), ...(tag ? { destination_tag: tag } : {}) },
            });
            if (r.status !== 201) throw new Error(`address book: ${JSON.stringify(r.body)}`);
          }
        }
        const start = Object.fromEntries(BALANCE_CURRENCIES.map((c) => [c.toLowerCase(), START[c]]));
        const r = await adminChange(setup, w.admins[0]!, 'PUT', `/api/admin/members/${m.id}/balances`, {
          ...start,
          expected: { krw: '0', eth: '0', xrp: '0', usdt: '0' },
        });
        if (r.status !== 200) throw new Error(`funding: ${JSON.stringify(r.body)}`);
        for (const ch of r.body.data.changes) model.add(m.id, ch.currency, new D(ch.delta));
      }),
    );
    const ids = everyone.map((m) => m.id);
    const setupMs = performance.now() - t0;
    const RUN = runTable(w);

    // The operations and each one's own random numbers come from the seed, in order.
    const master = new Rng(SEED);
    const plan = Array.from({ length: OPERATIONS }, () => ({
      kind: master.weighted(WEIGHTS),
      seed: Math.floor(master.next() * 2 ** 32),
    }));
    let nextOp = 0;
    let done = 0;
    const checkpoints: Promise<InvariantReport & { at: number }>[] = [];
    const every = Math.floor(OPERATIONS / (CHECKPOINTS + 1));
    const t1 = performance.now();
    await runLanes(
      CONCURRENCY,
      () => (nextOp < plan.length ? plan[nextOp++]! : null),
      async (op) => {
        try {
          await RUN[op.kind](new Rng(op.seed));
        } catch (err) {
          fail(`${op.kind}: threw ${(err as Error).stack}`);
        }
        done++;
        if (done % every === 0 && checkpoints.length < CHECKPOINTS) {
          const at = done;
          checkpoints.push(checkInvariants(DATABASE_URL!, ids).then((r) => ({ ...r, at })));
        }
      },
    );
    const runMs = performance.now() - t1;

    // Leave nothing pending: decide what is left, then compare the database with the model.
    const drain = new Rng(SEED + 1);
    await runLanes(
      CONCURRENCY,
      () => (model.deposits.size ? 'd' : model.withdrawals.size ? 'w' : null),
      async (which) => (which === 'd' ? RUN.decideDeposit(drain) : RUN.decideWithdrawal(drain)),
    );

    const reports = await Promise.all(checkpoints);
    const final = await checkInvariants(DATABASE_URL!, ids);
    const dbBalances = await db.query<{ member_id: string; currency: string; balance: string }>(
      `SELECT member_id::text AS member_id, currency, balance::text AS balance FROM balances WHERE member_id = ANY($1::uuid[])`,
      [ids],
    );
    const balanceDiff = dbBalances.filter((b) => !model.balance(b.member_id, b.currency).eq(b.balance));
    const depositsDb = await db.query<{ id: string; status: string }>(
      'SELECT id::text AS id, status FROM deposits WHERE member_id = ANY($1::uuid[])',
      [ids],
    );
    const withdrawalsDb = await db.query<{ id: string; status: string }>(
      'SELECT id::text AS id, status FROM withdrawals WHERE member_id = ANY($1::uuid[])',
      [ids],
    );
    const statusDiff = [
      ...depositsDb
        .filter((d) => model.depositStatus.get(d.id) !== d.status)
        .map((d) => `deposit ${d.id} ${d.status} ≠ ${model.depositStatus.get(d.id)}`),
      ...withdrawalsDb
        .filter((w) => model.withdrawalStatus.get(w.id) !== w.status)
        .map((w) => `withdrawal ${w.id} ${w.status} ≠ ${model.withdrawalStatus.get(w.id)}`),
    ];
    const locksDb = await db.query<{ id: string; member_id: string; currency: string; amount: string }>(
      `SELECT id::text AS id, member_id::text AS member_id, upper(currency) AS currency, locked_amount::text AS amount
         FROM asset_locks WHERE member_id = ANY($1::uuid[])`,
      [ids],
    );
    const lockDiff = [
      ...locksDb.filter((l) => {
        const m = model.locks.get(l.id);
        return !m || m.memberId !== l.member_id || m.currency !== l.currency || !m.amount.eq(l.amount);
      }),
      ...[...model.locks.keys()].filter((id) => !locksDb.some((l) => l.id === id)),
    ];

    const totalMs = performance.now() - t0;
    const accepted = [...stats.values()].reduce((s, x) => s + x.accepted, 0);
    const sent = [...stats.values()].reduce((s, x) => s + x.sent, 0);
    console.log(
      [
        `concurrency: seed=${SEED} operations=${OPERATIONS} concurrency=${CONCURRENCY} servers=${servers.length} members=${MEMBERS}+${FLOOD_MEMBERS} (flood)`,
        `  requests=${http.requests} replies=${sent} accepted(2xx)=${accepted} refused=${sent - accepted} timeouts=${http.timeouts} connection failures=${http.connectionFailures}`,
        `  floods=${floodFigures.floods} flood requests=${floodFigures.requests} accepted=${floodFigures.accepted}`,
        `  time: setup ${(setupMs / 1000).toFixed(1)} s, load ${(runMs / 1000).toFixed(1)} s (${Math.round((http.requests / runMs) * 1000)} requests/s), total ${(totalMs / 1000).toFixed(1)} s`,
        `  checkpoints: ${reports.map((r) => `@${r.at} ${r.problems.length ? 'FAIL' : 'ok'}`).join(', ')}; final: ${final.ledgerEntries} ledger entries, ${final.deposits} deposits, ${final.withdrawals} withdrawals, ${model.locks.size} locks`,
        ...[...stats.entries()].map(
          ([k, s]) =>
            `  ${k.padEnd(18)} sent=${String(s.sent).padStart(5)} accepted=${String(s.accepted).padStart(5)} ${Object.entries(
              s.refused,
            )
              .map(([c, n]) => `${c}=${n}`)
              .join(' ')}`,
        ),
      ].join('\n'),
    );
    if (failures.length) for (const s of servers) console.log(`${s.name} output:\n${s.output.slice(-4_000)}`);
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(http.timeouts).toBe(0);
    expect(reports.flatMap((r) => r.problems.map((p) => `@${r.at}: ${p}`))).toEqual([]);
    expect(final.problems).toEqual([]);
    expect(
      balanceDiff.map(
        (b) => `${b.member_id} ${b.currency} db=${b.balance} model=${model.balance(b.member_id, b.currency)}`,
      ),
    ).toEqual([]);
    expect(statusDiff).toEqual([]);
    expect(depositsDb.length).toBe(model.depositStatus.size);
    expect(withdrawalsDb.length).toBe(model.withdrawalStatus.size);
    expect(lockDiff).toEqual([]);
  });
});
