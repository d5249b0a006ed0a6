import { toWire } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { PayoutRow } from '../../shared/schemas/payouts';
import type { Actor } from '../audit/actor';
import { writeAudit } from '../audit/write-audit';
import type { Db, Queryable } from '../db';
import { isoTime, isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';

const P = MSG.payouts;

/** A TXID as stored: 64 lower-case hex digits without 0x; null when it is not one of `network`. */
function normalizePayoutTxid(network: string, txid: string): string | null {
  const t = txid.trim();
  const ok = network === 'ERC20' ? /^0x[0-9a-fA-F]{64}$/.test(t) : /^(0x)?[0-9a-fA-F]{64}$/.test(t);
  return ok ? t.toLowerCase().replace(/^0x/, '') : null;
}

/**
 * Approved external withdrawals with their payout: those without a TXID (출금 처리 중, the next batch for
 * the signing system), with one being checked, confirmed, or not matching. `amount` is what the
 * member receives (the fee already taken), as the signing system must send it.
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
            COALESCE(p.status, 'processing') AS payout_status, p.confirmations, p.detail,
            ${isoTime('p.recorded_at')} AS recorded_at, p.recorded_by_username AS recorded_by,
            ${isoTime('p.confirmed_at')} AS confirmed_at,
            -- A row approved without its decision time (written outside the desk) still gets a flag,
            -- never NULL: from its creation.
            (COALESCE(p.status, 'processing') <> 'confirmed'
              AND COALESCE(p.recorded_at, w.processed_at, w.created_at) < now() - make_interval(secs => $1::double precision)) AS overdue
       FROM withdrawals w LEFT JOIN withdrawal_payouts p ON p.withdrawal_id = w.id
      WHERE w.method = 'external' AND w.status = 'approved'
        AND ($2 = 'all' OR ($2 = 'unpaid' AND p.withdrawal_id IS NULL) OR ($2 = 'open' AND COALESCE(p.status, '') <> 'confirmed'))
      ORDER BY w.processed_at, w.id
      LIMIT 5000`,
    [confirmHours * 3600, filter],
  );
  return rows.map((r) => ({
    ...r,
    amount: toWire(r.amount),
    fee: toWire(r.fee),
    txid: r.txid && r.network === 'ERC20' ? `0x${r.txid}` : r.txid,
  }));
}

/** The batch for the signing system: id, network, address, tag, amount, fee (CSV and JSON). */
export const batchOf = (rows: PayoutRow[]) =>
  rows.map((r) => ({
    id: r.id,
    currency: r.currency,
    network: r.network,
    address: r.address,
    tag: r.tag,
    amount: r.amount,
    fee: r.fee,
  }));

const csvCell = (v: string | null) => {
  const s = v ?? '';
  // A cell a spreadsheet would run as a formula is quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
export function batchCsv(rows: ReturnType<typeof batchOf>): string {
  const head = 'id,currency,network,address,tag,amount,fee';
  return [
    head,
    ...rows.map((r) =>
      [r.id, r.currency, r.network, r.address, r.tag, r.amount, r.fee].map(csvCell).join(','),
    ),
  ]
    .join('\r\n')
    .concat('\r\n');
}

/**
 * Records the TXID that paid an approved external withdrawal (audited). Refused: not an approved external
 * withdrawal, already recorded, not a TXID of its network, or a TXID already recorded for another
 * withdrawal (the unique index decides between parallel recordings).
 */
export async function recordPayout(db: Db, actor: Actor, withdrawalId: string, txidText: string) {
  if (!isUuid(withdrawalId)) throw new AppError('NOT_FOUND', P.notFound);
  try {
    return await db.tx(async (q) => {
      const [w] = await q.query<{ status: string; method: string; network: string | null }>(
        'SELECT status, method, network FROM withdrawals WHERE id = $1 FOR UPDATE',
        [withdrawalId],
      );
      if (!w) throw new AppError('NOT_FOUND', P.notFound);
      if (w.status !== 'approved' || w.method !== 'external' || !w.network) {
        throw new AppError('CONFLICT', P.notPayable);
      }
      const txid = normalizePayoutTxid(w.network, txidText);
      if (!txid)
        throw new AppError('VALIDATION', P.txidInvalid(w.network), { txid: P.txidInvalid(w.network) });
      const [done] = await q.query('SELECT 1 FROM withdrawal_payouts WHERE withdrawal_id = $1', [
        withdrawalId,
      ]);
      if (done) throw new AppError('CONFLICT', P.alreadyRecorded);
      const [used] = await q.query('SELECT 1 FROM withdrawal_payouts WHERE network = $1 AND txid = $2', [
        w.network,
        txid,
      ]);
      if (used) throw new AppError('CONFLICT', P.txidUsed, { txid: P.txidUsed });
      await q.query(
        `INSERT INTO withdrawal_payouts (withdrawal_id, network, txid, recorded_by, recorded_by_username)
         VALUES ($1, $2, $3, $4, $5)`,
        [withdrawalId, w.network, txid, actor.actorId, actor.actorUsername],
      );
      await writeAudit(q, {
        actorId: actor.actorId,
        actorUsername: actor.actorUsername,
        action: 'withdrawal.payout.record',
        targetType: 'withdrawal',
        targetId: withdrawalId,
        after: { network: w.network, txid },
        ip: actor.ip,
      });
      return { id: withdrawalId, network: w.network, txid: w.network === 'ERC20' ? `0x${txid}` : txid };
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new AppError('CONFLICT', P.txidUsed, { txid: P.txidUsed });
    throw err;
  }
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
