import type { ChainConfig } from '../chain/chain-config';
import type { Db } from '../db';
import { verifyEthereumPayout } from './verify';

const MAX_BACKOFF_MS = 30 * 60_000;

/**
 * One round of payout checks (inside the chain checker's claimed round): recorded Ethereum payouts whose
 * time has come are looked up; a confirmed one becomes 출금 완료, a clear mismatch once deep enough is
 * flagged to the desk, the rest is looked at again later (a failing provider: with back-off). Networks
 * without a provider or a hot-wallet address stay recorded and are flagged when overdue.
 */
export async function runPayoutChecks(
  db: Db,
  c: ChainConfig,
  deadline: number,
): Promise<{ checked: number; errors: string[] }> {
  const out = { checked: 0, errors: [] as string[] };
  const hot = c.payouts.hotWallets.ERC20;
  if (!c.ethRpcUrl || !hot) return out;
  const due = await db.query<{
    id: string;
    currency: string;
    address: string;
    amount: string;
    txid: string;
    attempts: number;
  }>(
    `SELECT w.id::text AS id, w.currency, w.recipient_address AS address, w.final_amount::text AS amount, p.txid, p.attempts
       FROM withdrawal_payouts p JOIN withdrawals w ON w.id = p.withdrawal_id
      WHERE p.status = 'recorded' AND p.network = 'ERC20' AND p.next_check_at <= now()
      ORDER BY p.next_check_at LIMIT $1`,
    [c.batch],
  );
  for (const row of due) {
    if (Date.now() > deadline) break;
    try {
      const v = await verifyEthereumPayout(
        {
          url: c.ethRpcUrl,
          timeoutMs: c.timeoutMs,
          min: c.ethMinConfirmations,
          token: c.ethUsdtContract,
          hot,
        },
        row,
      );
      const status = v.status === 'confirmed' || v.status === 'mismatch' ? v.status : 'recorded';
      await db.query(
        `UPDATE withdrawal_payouts
            SET status = $2, confirmations = $3, detail = $4, attempts = attempts + 1, checked_at = now(),
                confirmed_at = CASE WHEN $2 = 'confirmed' THEN now() END,
                next_check_at = now() + make_interval(secs => $5::double precision)
          WHERE withdrawal_id = $1 AND status = 'recorded'`,
        [
          row.id,
          status,
          v.confirmations,
          v.status === 'not_found' ? '트랜잭션 없음' : v.detail,
          c.intervalMs / 1000,
        ],
      );
      out.checked++;
    } catch (err) {
      out.errors.push((err as Error).message);
      await db.query(
        `UPDATE withdrawal_payouts SET attempts = attempts + 1, detail = $2,
                next_check_at = now() + make_interval(secs => $3::double precision)
          WHERE withdrawal_id = $1 AND status = 'recorded'`,
        [
          row.id,
          (err as Error).message.slice(0, 300),
          Math.min(MAX_BACKOFF_MS, c.intervalMs * 2 ** Math.min(row.attempts, 16)) / 1000,
        ],
      );
    }
  }
  return out;
}
