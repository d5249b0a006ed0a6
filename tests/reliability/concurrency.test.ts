import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db';
import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../src/shared/constants';
import { D, type Dec, ZERO } from '../../src/shared/decimal';
import { type NetworkCode, networkFee, networksFor } from '../../src/shared/networks';
import { addressFor, erc20Address, trc20Address, txid } from '../support/money';
import { type Actor, adminActor, confirmProposal, memberActor } from './actors';
import {
  DATABASE_URL,
  Http,
  type Instance,
  type Reply,
  Rng,
  runLanes,
  seedFromEnv,
  startInstances,
} from './cluster';
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

const WEIGHTS = {
  krwDeposit: 8,
  usdtDeposit: 5,
  txidRace: 1,
  krwWithdrawal: 7,
  cryptoWithdrawal: 7,
  wrongNetwork: 1,
  internalTransfer: 7,
  idempotentRetry: 3,
  decideDeposit: 10,
  raceDeposit: 3,
  decideWithdrawal: 11,
  raceWithdrawal: 3,
  setBalances: 4,
  staleSetBalances: 1,
  lockCreate: 3,
  lockUpdate: 2,
  lockDelete: 2,
  lockDeleteRace: 1,
  confirmRace: 1,
  readBalances: 4,
  flood: 1,
  addressBook: 2,
  readRules: 1,
} as const;
type Kind = keyof typeof WEIGHTS;

/** Decimals used for generated amounts and balances, per currency. */
const DECIMALS: Record<BalanceCurrency, number> = { KRW: 0, USDT: 2, ETH: 6, XRP: 4 };
const START: Record<BalanceCurrency, string> = { KRW: '1500000', USDT: '1500', ETH: '15', XRP: '5000' };
const CRYPTO = ['USDT', 'ETH', 'XRP'] as const;

const amountIn = (rng: Rng, currency: BalanceCurrency, min: number, max: number) =>
  new D(min + rng.next() * (max - min)).toDecimalPlaces(DECIMALS[currency], D.ROUND_DOWN);
const text = (d: Dec) => d.toFixed();
const key = (memberId: string, currency: string) => `${memberId}|${currency}`;
/** Withdrawal rules: each member's registered address per network ("memberId|network"). */
const book = new Map<string, string>();
const XRP_TAG = '3141592653';
/** Every member's verified own-name bank account: won deposits come from it and withdrawals go to it. */
const OWN_ACCOUNT = { bank_name: '국민은행', account_number: '110-123-456789', account_holder: '홍길동' };
const bookEntry = (m: { creds: { pin: string } }, network: string, address: string) => ({
  network,
  address,
  label: '모델 시험',
  wallet_kind: 'own',
  second_password: m.creds.pin,
});

interface PendingDeposit {
  memberId: string;
  currency: BalanceCurrency;
  amount: Dec;
}
interface PendingWithdrawal {
  memberId: string;
  currency: BalanceCurrency;
  amount: Dec;
  finalAmount: Dec;
  recipientId: string | null;
}
interface ModelLock {
  memberId: string;
  currency: BalanceCurrency;
  amount: Dec;
}

/** What the accepted operations say the database must hold. Every change is additive, so order is free. */
class Model {
  balances = new Map<string, Dec>();
  depositStatus = new Map<string, string>();
  withdrawalStatus = new Map<string, string>();
  /** Pending requests no operation is deciding right now. */
  deposits = new Map<string, PendingDeposit>();
  withdrawals = new Map<string, PendingWithdrawal>();
  locks = new Map<string, ModelLock>();
  /** Locks no operation is changing right now. */
  idleLocks = new Set<string>();

  add(memberId: string, currency: string, delta: Dec) {
    const k = key(memberId, currency);
    this.balances.set(k, (this.balances.get(k) ?? ZERO).plus(delta));
  }
  balance(memberId: string, currency: string) {
    return this.balances.get(key(memberId, currency)) ?? ZERO;
  }
  depositCreated(id: string, d: PendingDeposit) {
    this.depositStatus.set(id, 'pending');
    this.deposits.set(id, d);
  }
  depositDecided(id: string, d: PendingDeposit, status: 'approved' | 'rejected') {
    this.depositStatus.set(id, status);
    if (status === 'approved') this.add(d.memberId, d.currency, d.amount);
  }
  withdrawalCreated(id: string, w: PendingWithdrawal) {
    this.withdrawalStatus.set(id, 'pending');
    this.withdrawals.set(id, w);
  }
  withdrawalDecided(id: string, w: PendingWithdrawal, status: 'approved' | 'rejected') {
    this.withdrawalStatus.set(id, status);
    if (status !== 'approved') return;
    this.add(w.memberId, w.currency, w.amount.neg());
    if (w.recipientId) this.add(w.recipientId, w.currency, w.finalAmount);
  }
  take<T>(map: Map<string, T>, rng: Rng): [string, T] | null {
    if (map.size === 0) return null;
    const ids = [...map.keys()];
    const id = ids[rng.int(0, Math.min(ids.length, 64) - 1)]!;
    const v = map.get(id)!;
    map.delete(id);
    return [id, v];
  }
}

interface Stats {
  sent: number;
  accepted: number;
  refused: Record<string, number>;
}

describe.skipIf(!DATABASE_URL)('concurrency model test (two servers, one PostgreSQL)', () => {
  let servers: Instance[];
  let db: Db;
  const http = new Http(20_000);
  const model = new Model();
  const stats = new Map<string, Stats>();
  const failures: string[] = [];
  let admins: Actor[];
  let members: Actor[];
  let floods: Actor[];
  const busyFloods = new Set<string>();
  const floodFigures = { floods: 0, requests: 0, accepted: 0 };

  beforeAll(async () => {
    console.log(`concurrency: seed=${SEED} (SEED=${SEED} reproduces this workload)`);
    // Withdrawal rules that this model does not follow are relaxed (tests/api/withdrawal-rules.test.ts has
    // them); external withdrawals still go only to registered addresses (each member's book, below).
    servers = await startInstances(2, {
      WITHDRAWAL_ADDRESS_DELAY_HOURS: '0',
      KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: '0',
      KRW_FIRST_DEPOSIT_HOLD_HOURS: '0',
      TRAVEL_RULE_THRESHOLD_KRW: '1000000000000000',
      DAILY_LIMIT_CRYPTO_KRW: '1000000000000000',
      DAILY_LIMIT_KRW: '1000000000000000',
    });
    db = await openDb({ databaseUrl: DATABASE_URL });
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await db?.close();
  });

  const stat = (kind: string) => {
    let s = stats.get(kind);
    if (!s) {
      s = { sent: 0, accepted: 0, refused: {} };
      stats.set(kind, s);
    }
    return s;
  };
  const fail = (msg: string) => {
    if (failures.length < 40) failures.push(msg);
  };
  /** Records a reply; a status outside `allowed` (a 5xx, a hang, a cut connection…) is a failure. */
  const expectReply = (kind: string, r: Reply, allowed: number[], what = ''): boolean => {
    const s = stat(kind);
    s.sent++;
    if (r.status >= 200 && r.status < 300) s.accepted++;
    else {
      const label = r.failure ?? `${r.status} ${r.body?.error?.code ?? ''}`.trim();
      s.refused[label] = (s.refused[label] ?? 0) + 1;
    }
    if (!allowed.includes(r.status)) {
      fail(
        `${kind}${what ? ` ${what}` : ''}: ${r.failure ?? r.status} ${JSON.stringify(r.body).slice(0, 300)}`,
      );
      return false;
    }
    return true;
  };

  const server = (rng: Rng) => rng.pick(servers).url;
  const call = (
    rng: Rng,
    actor: Actor,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) =>
    http.call(server(rng), method, path, {
      session: actor.session,
      body: withPin(actor, path, body),
      headers,
    });
  /** A withdrawal carries the member's second password (the PIN pad). */
  const withPin = (actor: Actor, path: string, body: unknown) =>
    path.startsWith('/api/withdrawals/') && body && typeof body === 'object'
      ? { ...body, second_password: actor.creds.pin }
      : body;

  /**
   * An administrator's action under two-person approval (decisions 0160, 0321): when it is a proposal
   * (202), another administrator confirms it with a fresh one-time code; answers like the one-step action
   * did.
   */
  const adminChange = async (
    rng: Rng,
    admin: Actor,
    method: string,
    path: string,
    body?: unknown,
    at?: string,
  ) => {
    const r = await http.call(at ?? server(rng), method, path, { session: admin.session, body });
    if (r.status !== 202) return r;
    const by = rng.pick(admins.filter((a) => a !== admin));
    const c = await confirmProposal(http, server(rng), db, by, r.body.data.proposal.id);
    if (c.status >= 300) return c;
    return { ...c, body: { data: c.body.data.result, error: null } } as Reply;
  };

  // ------------------------------------------------------------------ operations

  async function krwDeposit(rng: Rng) {
    const m = rng.pick(members);
    const amount = new D(rng.int(10, 2_000) * 1_000);
    const r = await call(
      rng,
      m,
      'POST',
      '/api/deposits/krw',
      {
        ...OWN_ACCOUNT,
        amount: text(amount),
        depositor_name: '홍길동',
      },
      { 'idempotency-key': randomUUID() },
    );
    if (expectReply('krwDeposit', r, [201])) {
      model.depositCreated(r.body.data.id, { memberId: m.id, currency: 'KRW', amount });
    }
  }

  async function usdtDeposit(rng: Rng) {
    const m = rng.pick(members);
    const amount = amountIn(rng, 'USDT', 1, 800);
    // Every member has an address on both networks; each network has its own TXID and sender format.
    const erc = rng.chance(0.3);
    const r = await call(rng, m, 'POST', '/api/deposits/crypto', {
      amount: text(amount),
      network: erc ? 'ERC20' : 'TRC20',
      txid: erc ? `0x${txid()}` : txid(),
      sender_address: erc ? erc20Address() : trc20Address(),
    });
    if (expectReply('usdtDeposit', r, [201])) {
      model.depositCreated(r.body.data.id, { memberId: m.id, currency: 'USDT', amount });
    }
  }

  /** Two members claim one TXID at the same moment on the two servers: exactly one deposit exists. */
  async function txidRace(rng: Rng) {
    const a = rng.pick(members);
    let b = rng.pick(members);
    while (b === a) b = rng.pick(members);
    const shared = txid();
    const amount = amountIn(rng, 'USDT', 1, 300);
    const replies = await Promise.all(
      [a, b].map((m, i) =>
        http.call(servers[i % servers.length]!.url, 'POST', '/api/deposits/crypto', {
          session: m.session,
          body: { amount: text(amount), txid: shared, sender_address: trc20Address() },
        }),
      ),
    );
    for (const r of replies) expectReply('txidRace', r, [201, 409]);
    for (const r of replies.filter((x) => x.status === 409)) checkCode('txidRace', r, 'CONFLICT');
    const won = replies.filter((r) => r.status === 201);
    if (won.length !== 1) fail(`txidRace: ${won.length} deposits for one TXID`);
    replies.forEach((r, i) => {
      if (r.status === 201) {
        model.depositCreated(r.body.data.id, { memberId: [a, b][i]!.id, currency: 'USDT', amount });
      }
    });
  }

  function krwWithdrawalBody(rng: Rng) {
    return {
      amount: text(new D(rng.int(10, 600) * 1_000)),
      // Won leaves only to the member's verified own-name account (OWN_ACCOUNT, set up below).
      ...OWN_ACCOUNT,
    };
  }

  async function krwWithdrawal(rng: Rng) {
    const m = rng.pick(members);
    const body = krwWithdrawalBody(rng);
    const r = await call(rng, m, 'POST', '/api/withdrawals/krw', body);
    if (expectReply('krwWithdrawal', r, [201, 409]) && r.status === 201) {
      created(r, m, null);
    } else if (r.status === 409) checkCode('krwWithdrawal', r, 'INSUFFICIENT_FUNDS');
  }

  function created(r: Reply, m: Actor, recipientId: string | null) {
    const v = r.body.data;
    model.withdrawalCreated(v.id, {
      memberId: m.id,
      currency: v.currency,
      amount: new D(v.amount),
      finalAmount: new D(v.final_amount),
      recipientId,
    });
  }
  function checkCode(kind: string, r: Reply, code: string) {
    if (r.body?.error?.code !== code) fail(`${kind}: expected ${code}, got ${JSON.stringify(r.body)}`);
  }

  async function cryptoWithdrawal(rng: Rng) {
    const m = rng.pick(members);
    const currency = rng.pick(CRYPTO);
    const network = rng.pick([...networksFor(currency)]);
    const fee = networkFee(currency, network)!;
    const max = { USDT: 900, ETH: 9, XRP: 3_000 }[currency];
    const amount = amountIn(rng, currency, Number(fee) * 2, max);
    const tag = network === 'XRPL' && rng.chance(0.5) ? XRP_TAG : undefined;
    const r = await call(rng, m, 'POST', '/api/withdrawals/crypto', {
      currency,
      amount: text(amount),
      method: 'external',
      network,
      recipient_address: book.get(`${m.id}|${network}`)!,
      ...(tag === undefined ? {} : { destination_tag: tag }),
    });
    if (expectReply('cryptoWithdrawal', r, [201, 409]) && r.status === 201) {
      created(r, m, null);
      if (!new D(r.body.data.fee).eq(fee)) fail(`cryptoWithdrawal: fee ${r.body.data.fee}`);
      if (r.body.data.network !== network || r.body.data.destination_tag !== (tag ?? null))
        fail(`cryptoWithdrawal: network/tag ${JSON.stringify(r.body.data)}`);
    } else if (r.status === 409) checkCode('cryptoWithdrawal', r, 'INSUFFICIENT_FUNDS');
  }

  /** A currency sent over a network that cannot carry it (XRP or ETH over TRC20 …): refused, nothing held. */
  async function wrongNetwork(rng: Rng) {
    const m = rng.pick(members);
    const currency = rng.pick(CRYPTO);
    const others = (['TRC20', 'ERC20', 'XRPL', 'BTC'] as NetworkCode[]).filter(
      (n) => !networksFor(currency).includes(n),
    );
    const network = rng.pick(others);
    const r = await call(rng, m, 'POST', '/api/withdrawals/crypto', {
      currency,
      amount: text(amountIn(rng, currency, 1, 5)),
      method: 'external',
      network,
      recipient_address: addressFor(network),
    });
    if (expectReply('wrongNetwork', r, [400])) checkCode('wrongNetwork', r, 'VALIDATION');
  }

  function transferBody(rng: Rng, from: Actor) {
    let to = rng.pick(members);
    while (to === from) to = rng.pick(members);
    const currency = rng.pick(CRYPTO);
    const max = { USDT: 900, ETH: 9, XRP: 3_000 }[currency];
    return {
      to,
      body: {
        currency,
        amount: text(amountIn(rng, currency, 0.01, max)),
        method: 'internal',
        recipient_id: to.username,
      },
    };
  }

  async function internalTransfer(rng: Rng) {
    const m = rng.pick(members);
    const { to, body } = transferBody(rng, m);
    const r = await call(rng, m, 'POST', '/api/withdrawals/crypto', body);
    if (expectReply('internalTransfer', r, [201, 409]) && r.status === 201) created(r, m, to.id);
    else if (r.status === 409) checkCode('internalTransfer', r, 'INSUFFICIENT_FUNDS');
  }

  /** A submission retried with its Idempotency-Key on the other server at the same moment: one request. */
  async function idempotentRetry(rng: Rng) {
    const m = rng.pick(members);
    const krw = rng.chance(0.5);
    const t = transferBody(rng, m);
    const path = krw ? '/api/withdrawals/krw' : '/api/withdrawals/crypto';
    const body = krw ? krwWithdrawalBody(rng) : t.body;
    const headers = { 'idempotency-key': randomUUID() };
    const replies = await Promise.all(
      servers.map((s) =>
        http.call(s.url, 'POST', path, { session: m.session, body: withPin(m, path, body), headers }),
      ),
    );
    for (const r of replies) expectReply('idempotentRetry', r, [201, 409]);
    for (const r of replies.filter((x) => x.status === 409))
      checkCode('idempotentRetry', r, 'INSUFFICIENT_FUNDS');
    const ids = new Set(replies.filter((r) => r.status === 201).map((r) => r.body.data.id as string));
    if (ids.size > 1) fail(`idempotentRetry: one key created ${ids.size} withdrawals`);
    const first = replies.find((r) => r.status === 201);
    if (first) created(first, m, krw ? null : t.to.id);
  }

  /** A rejection always says why (the server refuses one without a reason); an approval sometimes does. */
  const reason = (rng: Rng, decision: string) =>
    decision === 'reject' || rng.chance(0.3) ? { reason: '동시성 시험' } : undefined;

  async function decideDeposit(rng: Rng) {
    const taken = model.take(model.deposits, rng);
    if (!taken) return readBalances(rng);
    const [id, d] = taken;
    const decision = rng.chance(0.75) ? 'approve' : 'reject';
    // An approval that brings the member's deposits of 24 h to FOUR_EYES_DEPOSIT_KRW, or the administrator's
    // lone approvals to FOUR_EYES_ADMIN_DAILY_KRW, is a proposal another administrator confirms.
    const r = await adminChange(
      rng,
      rng.pick(admins),
      'POST',
      `/api/admin/deposits/${id}/${decision}`,
      reason(rng, decision),
    );
    if (expectReply('decideDeposit', r, [200], decision)) {
      model.depositDecided(id, d, decision === 'approve' ? 'approved' : 'rejected');
    }
  }

  /** Two or three administrators decide one request at the same moment: exactly one decision wins. */
  async function race(
    kind: 'raceDeposit' | 'raceWithdrawal',
    rng: Rng,
    path: string,
  ): Promise<'approved' | 'rejected' | null> {
    const decisions = Array.from({ length: rng.int(2, 3) }, () => (rng.chance(0.5) ? 'approve' : 'reject'));
    const replies = await Promise.all(
      decisions.map((decision, i) =>
        http.call(servers[i % servers.length]!.url, 'POST', `${path}/${decision}`, {
          session: admins[i % admins.length]!.session,
          body: decision === 'reject' ? { reason: '동시성 시험' } : undefined,
        }),
      ),
    );
    // An approval past a four-eyes threshold (decision 0321) becomes a proposal (202; a second approval is
    // refused with CONFLICT while it waits), confirmed by another administrator: it wins if the request is
    // still pending then.
    for (const r of replies) expectReply(kind, r, [200, 202, 409]);
    for (const r of replies.filter((x) => x.status === 409)) {
      if (r.body?.error?.code !== 'CONFLICT') checkCode(kind, r, 'NOT_PENDING');
    }
    const confirmed = await Promise.all(
      replies.map(async (r, i) => {
        if (r.status !== 202) return r;
        const by = admins[(i + 1) % admins.length]!;
        const c = await confirmProposal(http, server(rng), db, by, r.body.data.proposal.id);
        expectReply(`${kind}Confirm`, c, [200, 409]);
        if (c.status === 409) checkCode(`${kind}Confirm`, c, 'NOT_PENDING');
        return c;
      }),
    );
    const winners = confirmed.flatMap((r, i) => (r.status === 200 ? [decisions[i]!] : []));
    if (winners.length !== 1) {
      fail(`${kind}: ${winners.length} decisions won on ${path}`);
      return null;
    }
    return winners[0] === 'approve' ? 'approved' : 'rejected';
  }

  async function raceDeposit(rng: Rng) {
    const taken = model.take(model.deposits, rng);
    if (!taken) return readBalances(rng);
    const [id, d] = taken;
    const outcome = await race('raceDeposit', rng, `/api/admin/deposits/${id}`);
    if (outcome) model.depositDecided(id, d, outcome);
  }

  async function decideWithdrawal(rng: Rng) {
    const taken = model.take(model.withdrawals, rng);
    if (!taken) return readBalances(rng);
    const [id, w] = taken;
    const decision = rng.chance(0.7) ? 'approve' : 'reject';
    const r = await adminChange(
      rng,
      rng.pick(admins),
      'POST',
      `/api/admin/withdrawals/${id}/${decision}`,
      reason(rng, decision),
    );
    // An approval is never short of funds: the pending request has held its amount all along.
    if (expectReply('decideWithdrawal', r, [200], decision)) {
      model.withdrawalDecided(id, w, decision === 'approve' ? 'approved' : 'rejected');
    }
  }

  async function raceWithdrawal(rng: Rng) {
    const taken = model.take(model.withdrawals, rng);
    if (!taken) return readBalances(rng);
    const [id, w] = taken;
    const outcome = await race('raceWithdrawal', rng, `/api/admin/withdrawals/${id}`);
    if (outcome) model.withdrawalDecided(id, w, outcome);
  }

  /** The administrator's asset form: read the totals, then send new values with the totals seen. */
  async function setBalances(rng: Rng, stale = false) {
    const kind: Kind = stale ? 'staleSetBalances' : 'setBalances';
    const m = rng.pick(members);
    const admin = rng.pick(admins);
    const detail = await call(rng, admin, 'GET', `/api/admin/members/${m.id}`);
    if (!expectReply('adminReadMember', detail, [200])) return;
    const totals = new Map<string, string>(
      (detail.body.data.balances as { currency: string; total: string }[]).map((b) => [b.currency, b.total]),
    );
    const body: Record<string, unknown> = {};
    const expected: Record<string, string> = {};
    const chosen = [...BALANCE_CURRENCIES].filter(() => rng.chance(0.4));
    if (chosen.length === 0) chosen.push(rng.pick(BALANCE_CURRENCIES));
    for (const c of chosen) {
      const total = new D(totals.get(c) ?? '0');
      const target = total.times(0.7 + rng.next() * 0.6).toDecimalPlaces(DECIMALS[c], D.ROUND_DOWN);
      body[c.toLowerCase()] = text(target);
      expected[c.toLowerCase()] = stale ? text(total.plus(1)) : text(total);
    }
    body.expected = expected;
    const r = await adminChange(rng, admin, 'PUT', `/api/admin/members/${m.id}/balances`, body);
    if (stale) {
      expectReply(kind, r, [409]);
      return;
    }
    if (!expectReply(kind, r, [200, 409])) return;
    if (r.status !== 200) return;
    for (const ch of r.body.data.changes as { currency: string; before: string; delta: string }[]) {
      const sent = expected[ch.currency.toLowerCase()];
      if (sent === undefined || !new D(ch.before).eq(sent)) {
        fail(`setBalances: ${ch.currency} changed from ${ch.before}, the form showed ${sent}`);
      }
      model.add(m.id, ch.currency, new D(ch.delta));
    }
  }

  const isoDay = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  function lockBody(rng: Rng) {
    const currency = rng.pick(BALANCE_CURRENCIES);
    const max = { KRW: 800_000, USDT: 600, ETH: 6, XRP: 2_500 }[currency];
    const roll = rng.next();
    return {
      currency: currency.toLowerCase(),
      locked_amount: text(amountIn(rng, currency, 1, max)),
      lock_start_date: rng.chance(0.5) ? isoDay(-10) : null,
      // mostly active; some end in the future, a few ended already (they hold nothing)
      lock_end_date: roll < 0.5 ? null : roll < 0.9 ? isoDay(rng.int(2, 90)) : isoDay(-2),
      reason: rng.chance(0.5) ? '동시성 시험 잠금' : null,
    };
  }

  function trackLock(memberId: string, view: { id: string; currency: string; locked_amount: string }) {
    model.locks.set(view.id, {
      memberId,
      currency: view.currency.toUpperCase() as BalanceCurrency,
      amount: new D(view.locked_amount),
    });
  }

  async function lockCreate(rng: Rng) {
    const m = rng.pick(members);
    const r = await adminChange(
      rng,
      rng.pick(admins),
      'POST',
      `/api/admin/members/${m.id}/locks`,
      lockBody(rng),
    );
    if (expectReply('lockCreate', r, [201, 409]) && r.status === 201) {
      trackLock(m.id, r.body.data);
      model.idleLocks.add(r.body.data.id);
    } else if (r.status === 409) checkCode('lockCreate', r, 'INSUFFICIENT_FUNDS');
  }

  function takeLock(rng: Rng): [string, ModelLock] | null {
    if (model.idleLocks.size === 0) return null;
    const ids = [...model.idleLocks];
    const id = rng.pick(ids);
    model.idleLocks.delete(id);
    return [id, model.locks.get(id)!];
  }

  async function lockUpdate(rng: Rng) {
    const taken = takeLock(rng);
    if (!taken) return lockCreate(rng);
    const [id, lock] = taken;
    const r = await adminChange(
      rng,
      rng.pick(admins),
      'PUT',
      `/api/admin/members/${lock.memberId}/locks/${id}`,
      lockBody(rng),
    );
    if (expectReply('lockUpdate', r, [200, 409]) && r.status === 200) trackLock(lock.memberId, r.body.data);
    else if (r.status === 409) checkCode('lockUpdate', r, 'INSUFFICIENT_FUNDS');
    model.idleLocks.add(id);
  }

  async function lockDelete(rng: Rng) {
    const taken = takeLock(rng);
    if (!taken) return lockCreate(rng);
    const [id, lock] = taken;
    const r = await adminChange(
      rng,
      rng.pick(admins),
      'DELETE',
      `/api/admin/members/${lock.memberId}/locks/${id}`,
    );
    if (expectReply('lockDelete', r, [200])) model.locks.delete(id);
    else model.idleLocks.add(id);
  }

  async function lockDeleteRace(rng: Rng) {
    const taken = takeLock(rng);
    if (!taken) return lockCreate(rng);
    const [id, lock] = taken;
    const replies = await Promise.all(
      servers.map((s, i) =>
        adminChange(
          rng,
          admins[i % admins.length]!,
          'DELETE',
          `/api/admin/members/${lock.memberId}/locks/${id}`,
          undefined,
          s.url,
        ),
      ),
    );
    // 409: both were proposed, and the second confirmation found the lock gone (two-person approval).
    for (const r of replies) expectReply('lockDeleteRace', r, [200, 404, 409]);
    const won = replies.filter((r) => r.status === 200).length;
    if (won !== 1) fail(`lockDeleteRace: ${won} deletions of one lock succeeded`);
    model.locks.delete(id);
  }

  /**
   * Two-person approval: one proposal confirmed at once by every administrator on both servers (the
   * proposer too). At most one applies; the proposer is refused; the rest find it applied, or all find the
   * balance changed since the proposal (another operation got there first).
   */
  async function confirmRace(rng: Rng) {
    const m = rng.pick(members);
    const proposer = rng.pick(admins);
    const detail = await call(rng, proposer, 'GET', `/api/admin/members/${m.id}`);
    if (!expectReply('adminReadMember', detail, [200])) return;
    const c = rng.pick(BALANCE_CURRENCIES);
    const total = new D(
      (detail.body.data.balances as { currency: string; total: string }[]).find((b) => b.currency === c)!
        .total,
    );
    const target = total.times(1.01).plus(1).toDecimalPlaces(DECIMALS[c], D.ROUND_DOWN);
    const p = await call(rng, proposer, 'PUT', `/api/admin/members/${m.id}/balances`, {
      [c.toLowerCase()]: text(target),
      expected: { [c.toLowerCase()]: text(total) },
    });
    if (!expectReply('confirmRace', p, [202, 409])) return;
    if (p.status !== 202) return;
    const id = p.body.data.proposal.id as string;
    const replies = await Promise.all(
      servers.flatMap((s) => admins.map((a) => confirmProposal(http, s.url, db, a, id))),
    );
    const won = replies.filter((r) => r.status === 200);
    for (const r of replies) expectReply('confirmRace', r, [200, 403, 409]);
    if (won.length > 1) fail(`confirmRace: ${won.length} confirmations of one proposal applied`);
    replies.forEach((r, i) => {
      const mine = admins[i % admins.length] === proposer;
      if (mine && r.status === 200) fail('confirmRace: the proposer confirmed their own proposal');
    });
    for (const ch of (won[0]?.body.data.result.changes ?? []) as { currency: string; delta: string }[]) {
      model.add(m.id, ch.currency, new D(ch.delta));
    }
  }

  /** What a member sees: available = total − locked − held, and never more is held than there is. */
  async function readBalances(rng: Rng) {
    const m = rng.pick(members);
    const r = await call(rng, m, 'GET', '/api/balances');
    if (!expectReply('readBalances', r, [200])) return;
    for (const b of r.body.data.items as {
      currency: string;
      total: string;
      locked: string;
      held: string;
      available: string;
    }[]) {
      const free = new D(b.total).minus(b.locked).minus(b.held);
      if (free.isNegative() || !free.eq(b.available)) fail(`readBalances: ${JSON.stringify(b)}`);
    }
  }

  /**
   * Many withdrawal requests of one member at once, half on each server (the Flexcoin/Poloniex attack).
   * A flood member is touched by nothing else, so the model knows its balance exactly and the number of
   * requests that fit is known in advance: exactly that many must be accepted. Then every accepted
   * request is approved or rejected, some by two administrators at once.
   */
  async function flood(rng: Rng) {
    const m = floods.find((f) => !busyFloods.has(f.id));
    if (!m) return readBalances(rng);
    busyFloods.add(m.id);
    try {
      const currency = rng.chance(0.5) ? 'KRW' : 'USDT';
      const admin = rng.pick(admins);
      let total = model.balance(m.id, currency);
      const n = rng.int(20, 40);
      const minimum = currency === 'KRW' ? new D(10_000 * n) : new D(2 * n);
      if (total.lt(minimum)) {
        const target =
          currency === 'KRW' ? new D(rng.int(500, 3_000) * 1_000) : amountIn(rng, 'USDT', 200, 2_000);
        const r = await adminChange(rng, admin, 'PUT', `/api/admin/members/${m.id}/balances`, {
          [currency.toLowerCase()]: text(target),
          expected: { [currency.toLowerCase()]: text(total) },
        });
        if (!expectReply('floodTopUp', r, [200])) return;
        for (const ch of r.body.data.changes) model.add(m.id, ch.currency, new D(ch.delta));
        total = model.balance(m.id, currency);
      }
      const fits = rng.int(1, n - 1);
      const amount =
        currency === 'KRW'
          ? D.max(
              10_000,
              total
                .div(fits + 0.5)
                .div(1_000)
                .floor()
                .times(1_000),
            )
          : D.max(2, total.div(fits + 0.5).toDecimalPlaces(2, D.ROUND_DOWN));
      const expected = Math.min(n, total.div(amount).floor().toNumber());
      const body =
        currency === 'KRW'
          ? {
              amount: text(amount),
              ...OWN_ACCOUNT,
            }
          : {
              currency,
              amount: text(amount),
              method: 'external',
              network: 'TRC20',
              recipient_address: book.get(`${m.id}|TRC20`)!,
            };
      const path = currency === 'KRW' ? '/api/withdrawals/krw' : '/api/withdrawals/crypto';
      const replies = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          http.call(servers[i % servers.length]!.url, 'POST', path, {
            session: m.session,
            body: withPin(m, path, body),
          }),
        ),
      );
      for (const r of replies) expectReply('flood', r, [201, 409]);
      for (const r of replies.filter((x) => x.status === 409)) checkCode('flood', r, 'INSUFFICIENT_FUNDS');
      const accepted = replies.filter((r) => r.status === 201);
      floodFigures.floods++;
      floodFigures.requests += n;
      floodFigures.accepted += accepted.length;
      if (accepted.length !== expected) {
        fail(
          `flood: ${accepted.length} of ${n} withdrawals of ${amount} ${currency} accepted on ${total}; ${expected} fit`,
        );
      }
      await Promise.all(
        accepted.map(async (r) => {
          const w: PendingWithdrawal = {
            memberId: m.id,
            currency,
            amount,
            finalAmount: new D(r.body.data.final_amount),
            recipientId: null,
          };
          model.withdrawalStatus.set(r.body.data.id, 'pending');
          const path = `/api/admin/withdrawals/${r.body.data.id}`;
          if (rng.chance(0.3)) {
            const outcome = await race('raceWithdrawal', rng, path);
            if (outcome) model.withdrawalDecided(r.body.data.id, w, outcome);
            return;
          }
          const decision = rng.chance(0.6) ? 'approve' : 'reject';
          const d = await adminChange(rng, admin, 'POST', `${path}/${decision}`, reason(rng, decision));
          if (expectReply('decideWithdrawal', d, [200], decision)) {
            model.withdrawalDecided(r.body.data.id, w, decision === 'approve' ? 'approved' : 'rejected');
          }
        }),
      );
      const after = await call(rng, m, 'GET', '/api/balances');
      if (expectReply('floodCheck', after, [200])) {
        const b = (
          after.body.data.items as { currency: string; total: string; held: string; available: string }[]
        ).find((x) => x.currency === currency)!;
        const want = model.balance(m.id, currency);
        if (!new D(b.total).eq(want) || !new D(b.held).isZero() || !new D(b.available).eq(want)) {
          fail(`flood: ${currency} after the flood ${JSON.stringify(b)}, model ${want}`);
        }
      }
    } finally {
      busyFloods.delete(m.id);
    }
  }

  /** Address book: register an address, delete it, and a withdrawal to it is refused (nothing held). */
  async function addressBook(rng: Rng) {
    const m = rng.pick(members);
    const address = trc20Address();
    const reg = await call(rng, m, 'POST', '/api/withdrawal-addresses', bookEntry(m, 'TRC20', address));
    if (!expectReply('addressBook', reg, [201])) return;
    const del = await call(rng, m, 'DELETE', `/api/withdrawal-addresses/${reg.body.data.id}`);
    if (!expectReply('addressBookDelete', del, [200])) return;
    const r = await call(rng, m, 'POST', '/api/withdrawals/crypto', {
      currency: 'USDT',
      amount: '5',
      method: 'external',
      network: 'TRC20',
      recipient_address: address,
      address_id: reg.body.data.id,
    });
    // The balance is checked before the address book (insert-withdrawal.ts), so a member whose
    // available USDT is below 5 at that moment is refused for the funds instead: refused either way.
    if (expectReply('deletedAddress', r, [400, 409])) {
      checkCode('deletedAddress', r, r.status === 400 ? 'VALIDATION' : 'INSUFFICIENT_FUNDS');
    }
  }
  async function readRules(rng: Rng) {
    const m = rng.pick(members);
    const r = await call(rng, m, 'GET', '/api/withdrawals/rules');
    expectReply('readRules', r, [200]);
  }

  const RUN: Record<Kind, (rng: Rng) => Promise<void>> = {
    krwDeposit,
    usdtDeposit,
    txidRace,
    krwWithdrawal,
    cryptoWithdrawal,
    wrongNetwork,
    internalTransfer,
    idempotentRetry,
    decideDeposit,
    raceDeposit,
    decideWithdrawal,
    raceWithdrawal,
    setBalances: (rng) => setBalances(rng),
    staleSetBalances: (rng) => setBalances(rng, true),
    lockCreate,
    lockUpdate,
    lockDelete,
    lockDeleteRace,
    confirmRace,
    readBalances,
    flood,
    addressBook,
    readRules,
  };

  // ------------------------------------------------------------------ the run

  it(`keeps every invariant under ${OPERATIONS} concurrent operations and matches the model`, async () => {
    const t0 = performance.now();
    const base = servers[0]!.url;
    admins = await Promise.all([adminActor(base, db), adminActor(base, db), adminActor(base, db)]);
    members = [];
    for (let i = 0; i < MEMBERS + FLOOD_MEMBERS; i += 5) {
      members.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(5, MEMBERS + FLOOD_MEMBERS - i) }, () => memberActor(base)),
        )),
      );
    }
    floods = members.splice(MEMBERS);
    const everyone = [...members, ...floods];
    const setup = new Rng(SEED);
    await Promise.all(
      everyone.map(async (m) => {
        for (const deposit_address of [trc20Address(), erc20Address()]) {
          // Setting a deposit address is always a proposal (decision 0321).
          const a = await adminChange(
            setup,
            admins[0]!,
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
        const r = await adminChange(setup, admins[0]!, 'PUT', `/api/admin/members/${m.id}/balances`, {
          ...start,
          expected: { krw: '0', eth: '0', xrp: '0', usdt: '0' },
        });
        if (r.status !== 200) throw new Error(`funding: ${JSON.stringify(r.body)}`);
        for (const ch of r.body.data.changes) model.add(m.id, ch.currency, new D(ch.delta));
      }),
    );
    const ids = everyone.map((m) => m.id);
    const setupMs = performance.now() - t0;

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
      async (which) => (which === 'd' ? decideDeposit(drain) : decideWithdrawal(drain)),
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
