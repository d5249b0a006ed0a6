import { randomUUID } from 'node:crypto';
import { BALANCE_CURRENCIES } from '../../shared/constants';
import { D, type Dec, toWire, ZERO } from '../../shared/decimal';
import type { PublicReserves, ReserveLine, StoredReserveLine } from '../../shared/schemas/reserves';
import type { ChainConfig } from '../chain/chain-config';
import type { Db, Queryable } from '../db';
import { isoTime } from '../db/iso-time';
import { csvDocument } from '../http/csv';
import { type HoldingNetwork, holdingsAt, readable } from './holdings';
import { snapshotLiabilities } from './liabilities';

/** Below this share of holdings in cold wallets a warning is raised (Virtual Asset User Protection Act: 80 %). */
const COLD_SHARE_MIN = 0.8;
/** At most this many deposit addresses are read per snapshot (a bounded rate towards the provider). */
const MAX_ADDRESSES = 5000;

/** Said beside holdings that leave out a network the server cannot read (no provider configured). */
const UNREAD = '읽지 못한 네트워크:';

const WARN = {
  ledger: 'ledger_mismatch',
  holdings: 'holdings_below_liabilities',
  cold: 'cold_below_80',
  unknown: 'holdings_unknown',
} as const;

/** The networks a currency's holdings are read on. */
const NETWORKS_OF: Record<string, HoldingNetwork[]> = {
  ETH: ['ERC20'],
  USDT: ['ERC20', 'TRC20'],
  XRP: ['XRPL'],
};

/** The service's deposit addresses on a network: members' (typed or derived) on Ethereum and TRON, the one XRP address. */
async function depositAddresses(db: Db, c: ChainConfig, network: HoldingNetwork): Promise<string[]> {
  if (network === 'XRPL') return c.xrpDepositAddress ? [c.xrpDepositAddress] : [];
  const rows = await db.query<{ address: string }>(
    `SELECT address FROM member_deposit_addresses WHERE network = $1
     UNION SELECT address FROM deposit_address_derivations WHERE network = $1 LIMIT $2`,
    [network, MAX_ADDRESSES],
  );
  return rows.map((r) => r.address.trim());
}

type Parts = { deposit: Dec; hot: Dec; cold: Dec };

/** A currency's holdings over the networks the server can read; null when it can read none of them. */
async function partsOf(
  db: Db,
  c: ChainConfig,
  currency: string,
): Promise<{ parts: Parts | null; unread: HoldingNetwork[] }> {
  const networks = NETWORKS_OF[currency] ?? [];
  const read = networks.filter((n) => readable(c, n));
  if (read.length === 0) return { parts: null, unread: networks };
  const parts: Parts = { deposit: ZERO, hot: ZERO, cold: ZERO };
  for (const n of read) {
    const hot = c.payouts.hotWallets[n];
    parts.deposit = parts.deposit.plus(await holdingsAt(c, n, currency, await depositAddresses(db, c, n)));
    parts.hot = parts.hot.plus(await holdingsAt(c, n, currency, hot ? [hot] : []));
    parts.cold = parts.cold.plus(await holdingsAt(c, n, currency, c.reserves.coldWallets[n]));
  }
  return { parts, unread: networks.filter((n) => !read.includes(n)) };
}

/** What the chain says of one currency: its parts, or why they are unknown or partial. */
interface ChainRead {
  parts: Parts | null;
  detail: string | null;
}

async function readChain(db: Db, c: ChainConfig, currency: string): Promise<ChainRead> {
  try {
    const read = await partsOf(db, c, currency);
    return {
      parts: read.parts,
      detail: read.parts && read.unread.length ? `${UNREAD} ${read.unread.join(', ')}` : null,
    };
  } catch (err) {
    return { parts: null, detail: (err as Error).message.slice(0, 300) };
  }
}

/** A currency's line: what members are owed against the ledger and the chain, the cold share, the warnings. */
function lineOf(currency: string, liabilities: Dec, ledger: string, chain: ChainRead): ReserveLine {
  const { parts, detail } = chain;
  const warnings: string[] = [];
  if (!liabilities.eq(ledger)) warnings.push(WARN.ledger);
  const holdings = parts ? parts.deposit.plus(parts.hot).plus(parts.cold) : null;
  const coldShare = parts && holdings?.gt(0) ? parts.cold.div(holdings) : null;
  if (holdings === null) {
    if (liabilities.gt(0)) warnings.push(WARN.unknown);
  } else {
    if (holdings.lt(liabilities)) warnings.push(WARN.holdings);
    if (holdings.gt(0) && coldShare!.lt(COLD_SHARE_MIN)) warnings.push(WARN.cold);
  }
  return {
    currency,
    liabilities: toWire(liabilities),
    ledger: toWire(ledger),
    holdings: holdings ? toWire(holdings) : null,
    deposit_addresses: parts ? toWire(parts.deposit) : null,
    hot: parts ? toWire(parts.hot) : null,
    cold: parts ? toWire(parts.cold) : null,
    cold_share: coldShare ? coldShare.toDecimalPlaces(6, D.ROUND_FLOOR).toFixed() : null,
    warnings,
    detail,
  };
}

/**
 * Takes one snapshot: per currency, members' balances (liabilities) against the ledger and against what the
 * chain says the service holds at deposit addresses, the hot wallet and the cold wallets of each network the
 * currency travels on (ETH on Ethereum, USDT on Ethereum and TRON, XRP on the XRP Ledger: holdings.ts). A
 * network without a provider is left out and named in `detail`; a currency the server can read on no network
 * (KRW in the bank) has holdings null and the warning `holdings_unknown` where members are owed some.
 * The chain is read first; then one REPEATABLE READ transaction reads every member's balances and the ledger
 * from one snapshot of the database, stores them with their Merkle sum tree's root (liabilities.ts, decision
 * 0450) and the lines, whose liabilities are the root's totals. Stored append-only.
 */
export async function takeSnapshot(
  db: Db,
  c: ChainConfig,
  trigger: 'manual' | 'daily',
  takenBy: string,
): Promise<{
  batch: string;
  taken_at: string;
  root_hash: string;
  member_count: number;
  items: ReserveLine[];
}> {
  const chain = new Map<string, ChainRead>();
  for (const currency of BALANCE_CURRENCIES) chain.set(currency, await readChain(db, c, currency));
  const batch = randomUUID();
  return db.tx(async (q) => {
    await q.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const proof = await snapshotLiabilities(q, batch);
    const items = BALANCE_CURRENCIES.map((currency) =>
      lineOf(currency, new D(proof.totals[currency]!), proof.ledger[currency]!, chain.get(currency)!),
    );
    for (const i of items) {
      await q.query(
        `INSERT INTO reserve_snapshots (batch, trigger, taken_by, currency, liabilities, ledger, holdings,
           deposit_addresses, hot, cold, cold_share, warnings, detail)
         VALUES ($1, $2, $3, $4, $5::numeric, $6::numeric, $7::numeric, $8::numeric, $9::numeric, $10::numeric,
           $11::numeric, $12::text[], $13)`,
        [
          batch,
          trigger,
          takenBy,
          i.currency,
          i.liabilities,
          i.ledger,
          i.holdings,
          i.deposit_addresses,
          i.hot,
          i.cold,
          i.cold_share,
          i.warnings,
          i.detail,
        ],
      );
    }
    const [row] = await q.query<{ taken_at: string }>(
      `SELECT ${isoTime('taken_at')} AS taken_at FROM reserve_proof_roots WHERE batch = $1`,
      [batch],
    );
    return {
      batch,
      taken_at: row!.taken_at,
      root_hash: proof.root_hash,
      member_count: proof.member_count,
      items,
    };
  });
}

/** holdings ÷ liabilities, floored to 4 decimals; null when the holdings are unknown or nothing is owed. */
const ratioOf = (holdings: string | null, liabilities: string): string | null =>
  holdings === null || new D(liabilities).isZero()
    ? null
    : new D(holdings).div(liabilities).toDecimalPlaces(4, D.ROUND_FLOOR).toFixed();

const LINE_COLUMNS = `s.batch::text AS batch, ${isoTime('s.taken_at')} AS taken_at, s.trigger, s.taken_by, s.currency,
            s.liabilities::text AS liabilities, s.ledger::text AS ledger, s.holdings::text AS holdings,
            s.deposit_addresses::text AS deposit_addresses, s.hot::text AS hot, s.cold::text AS cold,
            s.cold_share::text AS cold_share, s.warnings, s.detail, r.root_hash, r.member_count`;

const wire = (v: string | null) => (v === null ? null : toWire(v));
/** A stored line as the answers write it: amounts without trailing zeros, the ratio computed. */
const wireLine = (r: Omit<StoredReserveLine, 'ratio'>): StoredReserveLine => ({
  ...r,
  liabilities: toWire(r.liabilities),
  ledger: toWire(r.ledger),
  holdings: wire(r.holdings),
  deposit_addresses: wire(r.deposit_addresses),
  hot: wire(r.hot),
  cold: wire(r.cold),
  cold_share: r.cold_share === null ? null : new D(r.cold_share).toFixed(),
  ratio: ratioOf(r.holdings, r.liabilities),
});

/** Stored snapshots, newest first (at most `limit` lines), each with its proof's root where it has one. */
export async function listSnapshots(q: Queryable, limit: number): Promise<StoredReserveLine[]> {
  const rows = await q.query<Omit<StoredReserveLine, 'ratio'>>(
    `SELECT ${LINE_COLUMNS}
       FROM reserve_snapshots s LEFT JOIN reserve_proof_roots r ON r.batch = s.batch
      ORDER BY s.taken_at DESC, s.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(wireLine);
}

/**
 * The published checks, newest first (at most `limit`): the proof's root (hash, member count, totals per
 * currency, which are the lines' liabilities) beside the service's wallets on chain and the ratio. Nothing
 * about any member; the salt never leaves the database.
 */
export async function publicReserves(q: Queryable, limit: number): Promise<PublicReserves> {
  const roots = await q.query<{ batch: string }>(
    'SELECT batch::text AS batch FROM reserve_proof_roots ORDER BY taken_at DESC LIMIT $1',
    [limit],
  );
  const lines = await listLinesOf(
    q,
    roots.map((r) => r.batch),
  );
  return {
    items: roots.map(({ batch }) => {
      const own = lines.filter((l) => l.batch === batch);
      return {
        batch,
        taken_at: own[0]!.taken_at,
        root_hash: own[0]!.root_hash!,
        member_count: own[0]!.member_count!,
        lines: own.map((l) => ({
          currency: l.currency,
          liabilities: l.liabilities,
          holdings: l.holdings,
          deposit_addresses: l.deposit_addresses,
          hot: l.hot,
          cold: l.cold,
          cold_share: l.cold_share,
          ratio: l.ratio,
        })),
      };
    }),
  };
}

async function listLinesOf(q: Queryable, batches: string[]): Promise<StoredReserveLine[]> {
  const rows = await q.query<Omit<StoredReserveLine, 'ratio'>>(
    `SELECT ${LINE_COLUMNS}
       FROM reserve_snapshots s JOIN reserve_proof_roots r ON r.batch = s.batch
      WHERE s.batch = ANY($1::uuid[]) ORDER BY s.id`,
    [batches],
  );
  return rows.map(wireLine);
}

const SNAPSHOT_COLUMNS = [
  'taken_at',
  'trigger',
  'taken_by',
  'currency',
  'liabilities',
  'ledger',
  'holdings',
  'deposit_addresses',
  'hot',
  'cold',
  'cold_share',
  'warnings',
] as const;

export const snapshotsCsv = (rows: StoredReserveLine[]) =>
  csvDocument(
    SNAPSHOT_COLUMNS,
    rows.map((r) => ({ ...r, warnings: r.warnings.join(' ') })),
    ['liabilities', 'ledger', 'holdings', 'hot', 'cold', 'cold_share'],
  );
