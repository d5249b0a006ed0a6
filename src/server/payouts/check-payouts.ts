import { MSG } from '../../shared/messages';
import { writeAudit } from '../audit/write-audit';
import type { ChainConfig } from '../chain/chain-config';
import { tronProvider } from '../chain/tron';
import { xrplProvider } from '../chain/xrpl';
import type { Db } from '../db';
import { type PayoutToCheck, type PayoutVerdict, verifyEthereumPayout } from './verify';
import { verifyByLookup } from './verify-lookup';

const MAX_BACKOFF_MS = 30 * 60_000;
const P = MSG.payouts;
/** Who gives the checker's verdicts in the audit log. */
const CHECKER = 'system:chain';

type Verifier = (p: PayoutToCheck) => Promise<PayoutVerdict>;

/** A verifier per network that has both a provider and a hot-wallet address configured. */
function verifiers(c: ChainConfig): Map<string, Verifier> {
  const hot = c.payouts.hotWallets;
  const out = new Map<string, Verifier>();
  const { ethRpcUrl } = c;
  if (ethRpcUrl && hot.ERC20) {
    const rpc = {
      url: ethRpcUrl,
      timeoutMs: c.timeoutMs,
      min: c.ethMinConfirmations,
      token: c.ethUsdtContract,
    };
    const from = hot.ERC20;
    out.set('ERC20', (p) => verifyEthereumPayout({ ...rpc, hot: from }, p));
  }
  if (c.tronApiUrl && hot.TRC20) {
    const [p, from] = [tronProvider(c), hot.TRC20];
    out.set('TRC20', (x) => verifyByLookup(p, from, x));
  }
  if (c.xrplRpcUrl && hot.XRPL) {
    const [p, from] = [xrplProvider(c), hot.XRPL];
    out.set('XRPL', (x) => verifyByLookup(p, from, x));
  }
  return out;
}

/**
 * One round of payout checks (inside the chain checker's claimed round): recorded payouts whose time has
 * come are looked up (Ethereum, TRON, the XRP Ledger); a confirmed one becomes 출금 완료. A clear mismatch
 * once deep enough, or a TXID the chain still does not know PAYOUT_CONFIRM_HOURS after it was recorded, is
 * a verdict: the row keeps the wrong TXID with the reason, and the audit log says so. The payout stays out
 * of the signing batch until two administrators send it back (decisions 0392, 0472). The rest is looked at again later (a failing provider: with back-off).
 * Networks without a provider or a hot-wallet address stay recorded and are flagged when overdue.
 */
export async function runPayoutChecks(
  db: Db,
  c: ChainConfig,
  deadline: number,
): Promise<{ checked: number; errors: string[] }> {
  const out = { checked: 0, errors: [] as string[] };
  const check = verifiers(c);
  if (check.size === 0) return out;
  const due = await db.query<
    PayoutToCheck & { id: string; withdrawal_id: string; network: string; attempts: number; late: boolean }
  >(
    `SELECT p.id::text AS id, w.id::text AS withdrawal_id, w.currency, w.network, w.recipient_address AS address,
            w.final_amount::text AS amount, w.destination_tag::text AS tag, p.txid, p.attempts,
            p.recorded_at < now() - make_interval(secs => $3::double precision) AS late
       FROM withdrawal_payouts p JOIN withdrawals w ON w.id = p.withdrawal_id
      WHERE p.status = 'recorded' AND p.network = ANY($2) AND p.next_check_at <= now()
      ORDER BY p.next_check_at LIMIT $1`,
    [c.batch, [...check.keys()], c.payouts.confirmHours * 3600],
  );
  for (const row of due) {
    if (Date.now() > deadline) break;
    try {
      const v = await check.get(row.network)!(row);
      // A TXID the chain still does not know after the set time was never broadcast as typed.
      const lost = v.status === 'not_found' && row.late;
      const status = lost
        ? 'mismatch'
        : v.status === 'confirmed' || v.status === 'mismatch'
          ? v.status
          : 'recorded';
      const detail = lost
        ? P.notFoundInTime(c.payouts.confirmHours)
        : v.status === 'not_found'
          ? P.notFoundYet
          : v.detail;
      await db.tx(async (q) => {
        const [done] = await q.query(
          `UPDATE withdrawal_payouts
              SET status = $2, confirmations = $3, detail = $4, attempts = attempts + 1, checked_at = now(),
                  confirmed_at = CASE WHEN $2 = 'confirmed' THEN now() END,
                  next_check_at = now() + make_interval(secs => $5::double precision)
            WHERE id = $1 AND status = 'recorded'
            RETURNING 1`,
          [row.id, status, v.confirmations, detail, c.intervalMs / 1000],
        );
        if (done && status === 'mismatch')
          await writeAudit(q, {
            actorId: null,
            actorUsername: CHECKER,
            action: 'withdrawal.payout.mismatch',
            targetType: 'withdrawal',
            targetId: row.withdrawal_id,
            before: { txid: row.txid },
            after: { status: 'mismatch', detail },
          });
      });
      out.checked++;
    } catch (err) {
      out.errors.push((err as Error).message);
      await db.query(
        `UPDATE withdrawal_payouts SET attempts = attempts + 1, detail = $2,
                next_check_at = now() + make_interval(secs => $3::double precision)
          WHERE id = $1 AND status = 'recorded'`,
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
