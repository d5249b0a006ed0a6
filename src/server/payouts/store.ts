import { toWire } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { PayoutRow } from '../../shared/schemas/payouts';
import type { Actor } from '../audit/actor';
import { writeAudit } from '../audit/write-audit';
import type { Db, Queryable } from '../db';
import { isoTime, isUuid } from '../db/iso-time';
import { csvDocument } from '../http/csv';
import { AppError } from '../http/errors';

const P = MSG.payouts;

/** A payout row that stands: being checked on chain, or confirmed (at most one per withdrawal). */
const LIVE = `('recorded', 'confirmed')`;

/** A TXID as stored: 64 lower-case hex digits without 0x; null when it is not one of `network`. */
export function normalizePayoutTxid(network: string, txid: string): string | null {
  const t = txid.trim();
  const ok = network === 'ERC20' ? /^0x[0-9a-fA-F]{64}$/.test(t) : /^(0x)?[0-9a-fA-F]{64}$/.test(t);
  return ok ? t.toLowerCase().replace(/^0x/, '') : null;
}

/** A stored TXID as the desk and the explorers write it (Ethereum: with 0x). */
export const shownTxid = (network: string, txid: string) => (network === 'ERC20' ? `0x${txid}` : txid);

/**
 * Approved external withdrawals with their payout: without a TXID (출금 처리 중, the next batch for the
 * signing system), with one being checked, confirmed, or found wrong by the checker (with its verdict; back
 * in the batch only once two administrators sent it back, `returned`). `amount` is what the member receives (the fee already taken), as the signing
 * system must send it. Of a withdrawal's payout rows the standing one is shown, else the latest.
 */
export async function listPayouts(
  q: Queryable,
  confirmHours: number,
  filter: 'unpaid' | 'open' | 'all',
): Promise<PayoutRow[]> {
  const rows = await q.query<PayoutRow>(
    `SELECT w.id::text AS id, w.member_id::text AS member_id, w.currency, w.network, w.recipient_address AS address,
            w.destination_tag::text AS tag, w.final_amount::text AS amount, w.fee::text AS fee,
            ${isoTime('w.processed_at')} AS approved_at, p.txid,
            CASE WHEN p.status IN ('recorded', 'confirmed', 'mismatch') THEN p.status ELSE 'processing' END
              AS payout_status,
            p.confirmations, p.detail,
            ${isoTime('p.recorded_at')} AS recorded_at, p.recorded_by_username AS recorded_by,
            ${isoTime('p.confirmed_at')} AS confirmed_at,
            -- From the TXID's recording while it is being checked, else from the approval; a row approved
            -- without its decision time (written outside the desk) from its creation, never NULL.
            (COALESCE(p.status, '') <> 'confirmed'
              AND COALESCE(CASE WHEN p.status = 'recorded' THEN p.recorded_at END, w.processed_at, w.created_at)
                  < now() - make_interval(secs => $1::double precision)) AS overdue,
            EXISTS (SELECT 1 FROM admin_proposals c
                     WHERE c.kind = 'payout.correct' AND c.target_id = w.id AND c.status = 'pending'
                       AND c.expires_at > now()) AS correction_pending,
            r.payout_id IS NOT NULL AS returned,
            EXISTS (SELECT 1 FROM admin_proposals c
                     WHERE c.kind = 'payout.return' AND c.target_id = w.id AND c.status = 'pending'
                       AND c.expires_at > now()) AS return_pending
       FROM withdrawals w
       LEFT JOIN LATERAL (
         SELECT * FROM withdrawal_payouts x WHERE x.withdrawal_id = w.id
          ORDER BY x.status IN ${LIVE} DESC, x.recorded_at DESC, x.id LIMIT 1) p ON true
       LEFT JOIN payout_returns r ON r.payout_id = p.id
      WHERE w.method = 'external' AND w.status = 'approved'
        AND ($2 = 'all'
             -- The signing batch: never paid, or sent back by two after its latest TXID (decision 0472).
             OR ($2 = 'unpaid' AND (p.id IS NULL OR r.payout_id IS NOT NULL))
             OR ($2 = 'open' AND COALESCE(p.status, '') <> 'confirmed'))
      ORDER BY w.processed_at, w.id
      LIMIT 5000`,
    [confirmHours * 3600, filter],
  );
  return rows.map((r) => ({
    ...r,
    amount: toWire(r.amount),
    fee: toWire(r.fee),
    txid: r.txid && shownTxid(r.network, r.txid),
  }));
}

/**
 * The batch for the signing system: id, network, address, tag, amount, fee (CSV and JSON), and the TXID
 * the new payment replaces when two administrators sent the payout back: whoever signs checks that it did
 * not pay after all.
 */
export const batchOf = (rows: PayoutRow[]) =>
  rows.map((r) => ({
    id: r.id,
    currency: r.currency,
    network: r.network,
    address: r.address,
    tag: r.tag,
    amount: r.amount,
    fee: r.fee,
    previous_txid: r.returned ? r.txid : null,
  }));

const BATCH_COLUMNS = [
  'id',
  'currency',
  'network',
  'address',
  'tag',
  'amount',
  'fee',
  'previous_txid',
] as const;
export const batchCsv = (rows: ReturnType<typeof batchOf>) =>
  csvDocument(BATCH_COLUMNS, rows, ['amount', 'fee']);

/**
 * An approved external withdrawal, locked, with its standing payout row (if any), locked too, and its
 * latest payout row (`latest`: which TXID a return would replace, and whether it was sent back already).
 */
export async function lockPayable(q: Queryable, withdrawalId: string) {
  if (!isUuid(withdrawalId)) throw new AppError('NOT_FOUND', P.notFound);
  const [w] = await q.query<{ member_id: string; status: string; method: string; network: string | null }>(
    'SELECT member_id::text AS member_id, status, method, network FROM withdrawals WHERE id = $1 FOR UPDATE',
    [withdrawalId],
  );
  if (!w) throw new AppError('NOT_FOUND', P.notFound);
  if (w.status !== 'approved' || w.method !== 'external' || !w.network) {
    throw new AppError('CONFLICT', P.notPayable);
  }
  const [live] = await q.query<{ id: string; txid: string; status: 'recorded' | 'confirmed' }>(
    `SELECT id::text AS id, txid, status FROM withdrawal_payouts
      WHERE withdrawal_id = $1 AND status IN ${LIVE} FOR UPDATE`,
    [withdrawalId],
  );
  const [latest] = await q.query<{ id: string; txid: string; status: string; returned: boolean }>(
    `SELECT x.id::text AS id, x.txid, x.status,
            EXISTS (SELECT 1 FROM payout_returns r WHERE r.payout_id = x.id) AS returned
       FROM withdrawal_payouts x WHERE x.withdrawal_id = $1
      ORDER BY x.status IN ${LIVE} DESC, x.recorded_at DESC, x.id LIMIT 1`,
    [withdrawalId],
  );
  return { memberId: w.member_id, network: w.network, live: live ?? null, latest: latest ?? null };
}

/**
 * `txidText` as a new TXID for the withdrawal: one of its network, not already standing for another payout,
 * and not one this withdrawal had before (the checker found it wrong, or a correction replaced it).
 */
export async function newTxid(q: Queryable, withdrawalId: string, network: string, txidText: string) {
  const txid = normalizePayoutTxid(network, txidText);
  if (!txid) throw new AppError('VALIDATION', P.txidInvalid(network), { txid: P.txidInvalid(network) });
  const [seen] = await q.query<{ own: boolean }>(
    `SELECT withdrawal_id = $3 AS own FROM withdrawal_payouts
      WHERE network = $1 AND txid = $2 AND (status IN ${LIVE} OR withdrawal_id = $3)
      ORDER BY (withdrawal_id = $3) DESC LIMIT 1`,
    [network, txid, withdrawalId],
  );
  if (seen?.own) throw new AppError('CONFLICT', P.txidBefore, { txid: P.txidBefore });
  if (seen) throw new AppError('CONFLICT', P.txidUsed, { txid: P.txidUsed });
  return txid;
}

/** A new standing payout row; the partial unique index decides between parallel recordings of one TXID. */
export async function insertPayout(
  q: Queryable,
  actor: Actor,
  p: { withdrawalId: string; network: string; txid: string; replaces: string | null },
) {
  try {
    await q.query(
      `INSERT INTO withdrawal_payouts (withdrawal_id, network, txid, recorded_by, recorded_by_username, replaces)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [p.withdrawalId, p.network, p.txid, actor.actorId, actor.actorUsername, p.replaces],
    );
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new AppError('CONFLICT', P.txidUsed, { txid: P.txidUsed });
    throw err;
  }
  return { id: p.withdrawalId, network: p.network, txid: shownTxid(p.network, p.txid) };
}

/**
 * Records the TXID that paid an approved external withdrawal (audited). Refused: not an approved external
 * withdrawal, a TXID already standing (correcting one needs a second administrator, `payout.correct`),
 * not a TXID of its network, or one standing for another withdrawal. After the checker found a TXID
 * wrong, the payout is back in the batch and one administrator records the next.
 */
export async function recordPayout(db: Db, actor: Actor, withdrawalId: string, txidText: string) {
  return db.tx(async (q) => {
    const w = await lockPayable(q, withdrawalId);
    if (w.live?.status === 'confirmed') throw new AppError('CONFLICT', P.alreadyConfirmed);
    if (w.live) throw new AppError('CONFLICT', P.alreadyRecorded);
    const txid = await newTxid(q, withdrawalId, w.network, txidText);
    const out = await insertPayout(q, actor, { withdrawalId, network: w.network, txid, replaces: null });
    await writeAudit(q, {
      actorId: actor.actorId,
      actorUsername: actor.actorUsername,
      action: 'withdrawal.payout.record',
      targetType: 'withdrawal',
      targetId: withdrawalId,
      after: { network: w.network, txid },
      ip: actor.ip,
    });
    return out;
  });
}

/** Records many (an import of the signing system's result): each on its own, each with its own answer. */
export async function importPayouts(db: Db, actor: Actor, items: { id: string; txid: string }[]) {
  const results: { id: string; ok: boolean; error: string | null }[] = [];
  for (const item of items) {
    try {
      await recordPayout(db, actor, item.id, item.txid);
      results.push({ id: item.id, ok: true, error: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ id: item.id, ok: false, error: err.message });
    }
  }
  return { results };
}
