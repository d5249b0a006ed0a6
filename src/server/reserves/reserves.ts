import { randomUUID } from 'node:crypto';
import { BALANCE_CURRENCIES } from '../../shared/constants';
import { D, type Dec, toWire, ZERO } from '../../shared/decimal';
import type { ReserveLine, StoredReserveLine } from '../../shared/schemas/reserves';
import type { ChainConfig } from '../chain/chain-config';
import type { Db, Queryable } from '../db';
import { isoTime } from '../db/iso-time';
import { csvDocument } from '../http/csv';
import { type HoldingNetwork, holdingsAt, readable } from './holdings';

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

/**
 * Takes one snapshot: per currency, members' balances (liabilities) against the ledger and against what the
 * chain says the service holds at deposit addresses, the hot wallet and the cold wallets of each network the
 * currency travels on (ETH on Ethereum, USDT on Ethereum and TRON, XRP on the XRP Ledger: holdings.ts). A
 * network without a provider is left out and named in `detail`; a currency the server can read on no network
 * (KRW in the bank) has holdings null and the warning `holdings_unknown` where members are owed some. Stored
 * append-only.
 */
export async function takeSnapshot(
  db: Db,
  c: ChainConfig,
  trigger: 'manual' | 'daily',
  takenBy: string,
): Promise<{ batch: string; taken_at: string; items: ReserveLine[] }> {
  const sums = await db.query<{ currency: string; liabilities: string; ledger: string }>(
    `SELECT c.currency,
            COALESCE((SELECT sum(balance) FROM balances b WHERE b.currency = c.currency), 0)::text AS liabilities,
            COALESCE((SELECT sum(amount) FROM ledger_entries l WHERE l.currency = c.currency), 0)::text AS ledger
       FROM unnest($1::text[]) AS c(currency)`,
    [[...BALANCE_CURRENCIES]],
  );
  const items: ReserveLine[] = [];
  for (const s of sums) {
    const liabilities = new D(s.liabilities);
    const warnings: string[] = [];
    if (!liabilities.eq(s.ledger)) warnings.push(WARN.ledger);
    let parts: Parts | null = null;
    let detail: string | null = null;
    try {
      const read = await partsOf(db, c, s.currency);
      parts = read.parts;
      if (parts && read.unread.length) detail = `${UNREAD} ${read.unread.join(', ')}`;
    } catch (err) {
      detail = (err as Error).message.slice(0, 300);
    }
    const holdings = parts ? parts.deposit.plus(parts.hot).plus(parts.cold) : null;
    const coldShare = parts && holdings?.gt(0) ? parts.cold.div(holdings) : null;
    if (holdings === null) {
      if (liabilities.gt(0)) warnings.push(WARN.unknown);
    } else {
      if (holdings.lt(liabilities)) warnings.push(WARN.holdings);
      if (holdings.gt(0) && coldShare!.lt(COLD_SHARE_MIN)) warnings.push(WARN.cold);
    }
    items.push({
      currency: s.currency,
      liabilities: toWire(liabilities),
      ledger: toWire(s.ledger),
      holdings: holdings ? toWire(holdings) : null,
      deposit_addresses: parts ? toWire(parts.deposit) : null,
      hot: parts ? toWire(parts.hot) : null,
      cold: parts ? toWire(parts.cold) : null,
      cold_share: coldShare ? coldShare.toDecimalPlaces(6, D.ROUND_FLOOR).toFixed() : null,
      warnings,
      detail,
    });
  }
  const batch = randomUUID();
  const [row] = await db.tx(async (q) => {
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
    return q.query<{ taken_at: string }>(
      `SELECT ${isoTime('min(taken_at)')} AS taken_at FROM reserve_snapshots WHERE batch = $1`,
      [batch],
    );
  });
  return { batch, taken_at: row!.taken_at, items };
}

/** Stored snapshots, newest first (at most `limit` lines). */
export async function listSnapshots(q: Queryable, limit: number): Promise<StoredReserveLine[]> {
  const rows = await q.query<StoredReserveLine>(
    `SELECT batch::text AS batch, ${isoTime('taken_at')} AS taken_at, trigger, taken_by, currency,
            liabilities::text AS liabilities, ledger::text AS ledger, holdings::text AS holdings,
            deposit_addresses::text AS deposit_addresses, hot::text AS hot, cold::text AS cold,
            cold_share::text AS cold_share, warnings, detail
       FROM reserve_snapshots ORDER BY taken_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  const w = (v: string | null) => (v === null ? null : toWire(v));
  return rows.map((r) => ({
    ...r,
    liabilities: toWire(r.liabilities),
    ledger: toWire(r.ledger),
    holdings: w(r.holdings),
    deposit_addresses: w(r.deposit_addresses),
    hot: w(r.hot),
    cold: w(r.cold),
    cold_share: r.cold_share === null ? null : new D(r.cold_share).toFixed(),
  }));
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
