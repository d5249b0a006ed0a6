import type { Actor } from '../audit/actor';
import type { ChainConfig } from '../chain/chain-config';
import { ethereumProvider } from '../chain/ethereum';
import { type ChainProvider, normalizeTxid } from '../chain/provider';
import { lockTransaction } from '../chain/transfer-lock';
import { tronProvider } from '../chain/tron';
import { creditOf, judge } from '../chain/verdict';
import { xrplProvider } from '../chain/xrpl';
import type { Db, Queryable } from '../db';
import { publish } from '../events/publish';
import { AppError } from '../http/errors';
import { claimJob } from '../ops/interval-job';
import { runPayoutChecks } from '../payouts/check-payouts';
import { approveDeposit } from '../proposals/approve-deposit';
import type { KindConfig } from '../proposals/registry';
import { scan, tie } from './scan';

/** The scan's transfer recording, also used directly by the tests' races. */
export { recordFound } from './scan';

/** A TXID the chain still does not know after this many checks (with back-off: hours) is final. */
const NOT_FOUND_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 30 * 60_000;

export function chainProviders(c: ChainConfig): ChainProvider[] {
  const list: ChainProvider[] = [];
  if (c.ethRpcUrl) list.push(ethereumProvider(c));
  if (c.tronApiUrl) list.push(tronProvider(c));
  if (c.xrplRpcUrl && c.xrpDepositAddress) list.push(xrplProvider(c));
  return list;
}

export interface RoundOutcome {
  claimed: boolean;
  scanned: number;
  checked: number;
  approved: number;
  errors: string[];
}

/** Only one instance runs a round at a time, as the price refresher does: the claim row `chain-checks`. */
export const claimRound = (q: Queryable, instanceId: string, minAgeMs: number) =>
  claimJob(q, 'chain-checks', instanceId, minAgeMs);

/**
 * One round: claim it; give every pending crypto deposit of a checked network its check row; scan new
 * Ethereum blocks for transfers to assigned addresses; re-check the deposits whose time has come (at most
 * `batch`, one call after another, and never longer than most of an interval), marking each final match
 * that is not surely the member's `before_assignment` (decision 0364); approve the other matched ones when
 * CHAIN_AUTO_APPROVE is on, through the approval core with `approval`'s thresholds (required: without them a
 * round could not credit, and matched deposits would wait for an administrator while the setting says otherwise).
 */
export async function runChainRound(
  db: Db,
  c: ChainConfig,
  providers: ChainProvider[],
  instanceId: string,
  opts: { force?: boolean; approval: KindConfig },
): Promise<RoundOutcome> {
  const out: RoundOutcome = { claimed: false, scanned: 0, checked: 0, approved: 0, errors: [] };
  if (providers.length === 0) return out;
  if (!opts.force && !(await claimRound(db, instanceId, c.intervalMs * 0.8))) return out;
  out.claimed = true;
  const deadline = Date.now() + c.intervalMs * 0.7;
  for (const p of providers) {
    await ensureChecks(db, p);
    if (p.transfersIn && p.head) {
      try {
        out.scanned += await scan(db, p);
      } catch (err) {
        out.errors.push((err as Error).message);
      }
    }
  }
  const networks = providers.map((p) => p.network);
  const due = await db.query<DueRow>(
    `SELECT d.id::text AS id, d.member_id::text AS member_id, d.amount::text AS amount, d.network,
            d.currency, d.log_index, d.deposit_address, d.txid, d.destination_tag::text AS tag, c.attempts,
            c.confirmations
       FROM deposit_chain_checks c JOIN deposits d ON d.id = c.deposit_id
      WHERE NOT c.final AND c.next_check_at <= now() AND d.status = 'pending' AND c.network = ANY($1)
      ORDER BY c.next_check_at LIMIT $2`,
    [networks, c.batch],
  );
  for (const row of due) {
    if (Date.now() > deadline) break;
    const p = providers.find((x) => x.network === row.network)!;
    try {
      const result = await checkOne(db, c, p, row, opts.approval);
      out.checked++;
      if (result === 'approved') out.approved++;
    } catch (err) {
      out.errors.push((err as Error).message);
      await db.query(
        `UPDATE deposit_chain_checks SET attempts = attempts + 1, detail = $2,
                next_check_at = now() + make_interval(secs => $3::double precision)
          WHERE deposit_id = $1`,
        [row.id, (err as Error).message.slice(0, 300), backoffMs(c, row.attempts) / 1000],
      );
    }
  }
  const paid = await runPayoutChecks(db, c, deadline);
  out.errors.push(...paid.errors);
  return out;
}

interface DueRow {
  id: string;
  member_id: string;
  confirmations: number | null;
  amount: string;
  network: 'ERC20' | 'TRC20' | 'XRPL';
  currency: string;
  /** The transfer the deposit is tied to; null for a claim not yet tied. */
  log_index: number | null;
  deposit_address: string | null;
  tag: string | null;
  txid: string | null;
  attempts: number;
}

const backoffMs = (c: ChainConfig, attempts: number) =>
  Math.min(MAX_BACKOFF_MS, c.intervalMs * 2 ** Math.min(attempts, 16));

/**
 * Pending crypto deposits of a checked network without a check yet get one (checked at the next round). An
 * XRP claim that does not carry the claimant's own tag is marked `before_assignment` from the start, with or
 * without automatic approval: the ledger will show that it arrived, never whose it is, so the desk says so
 * and its approval always takes two (decision 0364).
 */
async function ensureChecks(db: Db, p: ChainProvider): Promise<void> {
  await db.query(
    `INSERT INTO deposit_chain_checks (deposit_id, network, required_confirmations, before_assignment)
     SELECT d.id, d.network, $2,
            d.network = 'XRPL' AND NOT EXISTS (
              SELECT 1 FROM member_deposit_tags t WHERE t.member_id = d.member_id AND t.tag = d.destination_tag)
       FROM deposits d
      WHERE d.status = 'pending' AND d.network = $1 AND d.txid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM deposit_chain_checks c WHERE c.deposit_id = d.id)
     ON CONFLICT (deposit_id) DO NOTHING`,
    [p.network, p.minConfirmations],
  );
}

async function checkOne(
  db: Db,
  c: ChainConfig,
  p: ChainProvider,
  row: DueRow,
  approval: KindConfig,
): Promise<'checked' | 'approved'> {
  if (!row.txid || !row.deposit_address) return 'checked';
  const found = await p.lookup(row.txid);
  const txid = normalizeTxid(row.txid);
  // The transaction's transfers backing other deposits (live ones, and rejected ones of this claim's amount:
  // see below): an untied claim takes another one if it can.
  const taken = await db.query<{ log_index: number }>(
    `SELECT t.log_index FROM chain_transfers t JOIN deposits d ON d.id = t.deposit_id
      WHERE t.network = $1 AND t.txid = $2 AND t.deposit_id <> $3
        AND (d.status <> 'rejected' OR d.amount = $4::numeric)`,
    [row.network, txid, row.id, row.amount],
  );
  const j = judge(
    row.network,
    {
      amount: row.amount,
      depositAddress: row.deposit_address,
      tag: row.tag,
      currency: row.currency,
      logIndex: row.log_index,
    },
    found,
    p.minConfirmations,
    new Set(taken.map((t) => t.log_index)),
  );
  let verdict = j.verdict;
  let final = j.final;
  // Read from the chain before the transaction, so no database connection waits on the provider.
  const mined = j.verdict === 'match' && j.final ? await minedAt(p, j.blockNumber) : null;
  let unattributed = false;
  await db.tx(async (q) => {
    await lockTransaction(q, txid);
    if (j.transfer && (verdict === 'match' || verdict === 'waiting')) {
      // One transfer backs one deposit: bind it, or find it bound to another deposit already.
      await q.query(
        `INSERT INTO chain_transfers (network, txid, log_index, deposit_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [row.network, txid, j.transfer.logIndex, row.id],
      );
      // A transfer bound to a rejected deposit of its own amount stays with it: an administrator refused that
      // transfer (perhaps sent it back), so a new claim of it is 이미 사용된 TXID, approved only by a person
      // overriding the verdict with a reason, never by the system (decision 0410). A rejected deposit of
      // another amount was a mistyped claim the scan tied to the transfer: the correct claim takes it over.
      await q.query(
        `UPDATE chain_transfers t SET deposit_id = $4 FROM deposits d
          WHERE t.network = $1 AND t.txid = $2 AND t.log_index = $3 AND d.id = t.deposit_id
            AND d.status = 'rejected' AND d.amount <> $5::numeric AND t.deposit_id <> $4`,
        [row.network, txid, j.transfer.logIndex, row.id, row.amount],
      );
      const [bound] = await q.query<{ deposit_id: string }>(
        'SELECT deposit_id::text FROM chain_transfers WHERE network = $1 AND txid = $2 AND log_index = $3',
        [row.network, txid, j.transfer.logIndex],
      );
      if (bound && bound.deposit_id !== row.id) {
        verdict = 'txid_used';
        final = true;
      } else if (row.log_index === null) {
        await tie(q, row.network, txid, j.transfer.logIndex, row.id);
      }
    }
    if (verdict === 'waiting' && j.confirmations !== row.confirmations) {
      // The member's "입금 확인 중 (n/m)" moves live: their screens re-read on any event of theirs.
      await publish(q, {
        type: 'deposit.confirming',
        memberId: row.member_id,
        toMember: true,
        toAdmins: false,
        data: {
          kind: 'deposit',
          request_id: row.id,
          confirmations: Math.min(j.confirmations ?? 0, p.minConfirmations),
          required: p.minConfirmations,
        },
      });
    }
    const attempts = row.attempts + 1;
    if (verdict === 'not_found' && attempts >= NOT_FOUND_ATTEMPTS) final = true;
    const delay = verdict === 'waiting' ? c.intervalMs : backoffMs(c, row.attempts);
    // A final match says whether it is surely the member's in the same statement, so an administrator
    // approving never reads the one without the other (decision 0364).
    unattributed = verdict === 'match' && final && !(await minedAfterAssignment(q, row.id, mined));
    const [written] = await q.query<{ before_assignment: boolean }>(
      `UPDATE deposit_chain_checks
          SET verdict = $2, confirmations = $3, required_confirmations = $4, chain_amount = $5::numeric,
              chain_to = $6, log_index = $7, block_number = $8, detail = NULL, attempts = $9, final = $10,
              next_check_at = now() + make_interval(secs => $11::double precision), checked_at = now(),
              before_assignment = before_assignment OR $12
        WHERE deposit_id = $1 RETURNING before_assignment`,
      [
        row.id,
        verdict,
        j.confirmations,
        p.minConfirmations,
        j.transfer ? creditOf(j.transfer) : null,
        j.transfer?.to ?? null,
        j.transfer?.logIndex ?? null,
        j.blockNumber?.toString() ?? null,
        attempts,
        final,
        delay / 1000,
        unattributed,
      ],
    );
    // An XRP claim without the member's own tag was marked when its check began.
    unattributed = written?.before_assignment === true;
  });
  if (verdict === 'match' && final && c.autoApprove) {
    if (unattributed) return 'checked';
    try {
      const out = await approveDeposit(db, approval, SYSTEM_ACTOR, row.id);
      return 'held' in out ? 'checked' : 'approved';
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_PENDING') return 'checked'; // an administrator was first
      throw err;
    }
  }
  return 'checked';
}

/** The time of the transfer's block (XRPL: its ledger), or null when the provider cannot tell. */
async function minedAt(p: ChainProvider, block: bigint | null): Promise<Date | null> {
  return block !== null && p.blockTime ? p.blockTime(block) : null;
}

/**
 * Whether the transfer was mined after its address (XRPL: its tag) became the deposit's member's (the
 * assignment's time, to the second, against the block's time). A final match that was not (a transfer from
 * before, one whose time the provider cannot tell, or an XRP payment that does not carry the member's own
 * tag: the ledger shows it arrived, not whose it is) is marked `before_assignment`, with or without
 * automatic approval: the system never credits it, and an administrator's approval always takes two.
 */
async function minedAfterAssignment(q: Queryable, depositId: string, mined: Date | null): Promise<boolean> {
  const [assigned] = await q.query<{ since: string }>(
    `SELECT to_char(date_trunc('second', a.since) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS since
       FROM deposits d JOIN (
         SELECT member_id, network, lower(address) AS address, updated_at AS since FROM member_deposit_addresses
         UNION ALL SELECT member_id, 'XRPL', tag::text, created_at FROM member_deposit_tags
       ) a ON a.member_id = d.member_id AND a.network = d.network
          AND a.address = CASE WHEN d.network = 'XRPL' THEN d.destination_tag::text ELSE lower(d.deposit_address) END
      WHERE d.id = $1`,
    [depositId],
  );
  // Block times are whole seconds and `since` is the assignment's second truncated: only a block of a later
  // second is surely mined after the assignment.
  return assigned !== undefined && mined !== null && mined.getTime() > Date.parse(assigned.since);
}

/** CHAIN_AUTO_APPROVE's approvals: no member acts; the audit entry names the system. */
const SYSTEM_ACTOR: Actor<null> = { actorId: null, actorUsername: 'system:chain' };
