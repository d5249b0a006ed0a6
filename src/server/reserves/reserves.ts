import { randomUUID } from 'node:crypto';
import { BALANCE_CURRENCIES } from '../../shared/constants';
import { D, type Dec, toWire, ZERO } from '../../shared/decimal';
import { ethRpc } from '../chain/bounded-fetch';
import type { ChainConfig } from '../chain/chain-config';
import type { Db, Queryable } from '../db';
import { isoTime } from '../db/iso-time';

/** Below this share of holdings in cold wallets a warning is raised (Virtual Asset User Protection Act: 80 %). */
const COLD_SHARE_MIN = 0.8;
/** At most this many deposit addresses are read per snapshot (a bounded rate towards the provider). */
const MAX_ADDRESSES = 5000;

export interface ReserveLine {
  currency: string;
  liabilities: string;
  ledger: string;
  holdings: string | null;
  deposit_addresses: string | null;
  hot: string | null;
  cold: string | null;
  cold_share: string | null;
  warnings: string[];
  detail: string | null;
}

const WARN = {
  ledger: 'ledger_mismatch',
  holdings: 'holdings_below_liabilities',
  cold: 'cold_below_80',
  unknown: 'holdings_unknown',
} as const;

/** balanceOf(address) of an ERC20, as eth_call data. */
const balanceOfData = (address: string) =>
  `0x70a08231${address.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;

async function ethereumHoldings(c: ChainConfig, addresses: string[], currency: 'ETH' | 'USDT'): Promise<Dec> {
  const url = c.ethRpcUrl!;
  let sum = ZERO;
  for (const a of addresses) {
    const raw =
      currency === 'ETH'
        ? await ethRpc(url, 'eth_getBalance', [a, 'latest'], c.timeoutMs)
        : await ethRpc(
            url,
            'eth_call',
            [{ to: c.ethUsdtContract, data: balanceOfData(a) }, 'latest'],
            c.timeoutMs,
          );
    if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(raw))
      throw new Error('Ethereum RPC: bad balance');
    sum = sum.plus(new D(BigInt(raw).toString()).div(new D(10).pow(currency === 'ETH' ? 18 : 6)));
  }
  return sum;
}

/**
 * Takes one snapshot: per currency, members' balances (liabilities) against the ledger and against what the
 * chain says the service holds. Measured today: ETH and USDT on Ethereum (deposit addresses, the hot wallet,
 * the cold wallets); a currency the server cannot measure (KRW in the bank, XRP, USDT on TRON) has
 * holdings null and the warning `holdings_unknown` where members are owed some. Stored append-only.
 */
export async function takeSnapshot(
  db: Db,
  c: ChainConfig,
  cold: string[],
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
  const deposit = (
    await db.query<{ address: string }>(
      `SELECT address FROM member_deposit_addresses WHERE network = 'ERC20'
       UNION SELECT address FROM deposit_address_derivations WHERE network = 'ERC20' LIMIT $1`,
      [MAX_ADDRESSES],
    )
  ).map((r) => r.address.trim());
  const hot = c.payouts.hotWallets.ERC20;
  const items: ReserveLine[] = [];
  for (const s of sums) {
    const liabilities = new D(s.liabilities);
    const warnings: string[] = [];
    if (!liabilities.eq(s.ledger)) warnings.push(WARN.ledger);
    let parts: { deposit: Dec; hot: Dec; cold: Dec } | null = null;
    let detail: string | null = null;
    if ((s.currency === 'ETH' || s.currency === 'USDT') && c.ethRpcUrl) {
      try {
        const cur = s.currency;
        parts = {
          deposit: await ethereumHoldings(c, deposit, cur),
          hot: hot ? await ethereumHoldings(c, [hot], cur) : ZERO,
          cold: await ethereumHoldings(c, cold, cur),
        };
      } catch (err) {
        detail = (err as Error).message.slice(0, 300);
      }
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

export interface StoredLine extends ReserveLine {
  batch: string;
  taken_at: string;
  trigger: string;
  taken_by: string;
}

/** Stored snapshots, newest first (at most `limit` lines). */
export async function listSnapshots(q: Queryable, limit: number): Promise<StoredLine[]> {
  const rows = await q.query<StoredLine>(
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

export function snapshotsCsv(rows: StoredLine[]): string {
  const cols = [
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
  const cell = (v: unknown) => {
    const s = Array.isArray(v) ? v.join(' ') : v === null ? '' : String(v);
    const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `${[cols.join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\r\n')}\r\n`;
}
