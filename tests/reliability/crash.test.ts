import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng, sleep } from './cluster';
import { CONCURRENCY, crashRig, HANGUL, SEED } from './crash/rig';
import { crashRun } from './crash/run';
import { checkInvariants } from './invariants';
import { reliabilitySize } from './size';
import { postgresBin } from './throwaway-pg';

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
const KILLS = Number(process.env.KILLS ?? reliabilitySize({ full: 20, reduced: 8 }));

const PG_BIN = postgresBin();
if (!PG_BIN) console.log('crash: skipped (no PostgreSQL binaries for a cluster of its own: set PG_BIN)');

describe.skipIf(!PG_BIN)('crash test', () => {
  const rig = crashRig();
  beforeAll(rig.setUp);
  afterAll(rig.tearDown);

  it(`kill -9 during approvals (${KILLS} kills): nothing approved without debit, nothing debited without approval`, async () => {
    const { http, requests, servers, members, DATABASE_URL, confirmed, lostAnswers, unexpected } = rig;
    const { load, drain, verify } = crashRun(rig);
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
    const { http, servers, members, pg, track } = rig;
    const { drain, verify } = crashRun(rig);
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
