import { type ExplorerUrls, explorerTxUrl } from '../../shared/explorers';
import type { Queryable } from '../db';
import { shownTxid } from './store';

type MemberPayout = { status: 'processing' | 'completed'; txid: string | null; explorer_url: string | null };

/**
 * What the member's history shows of approved external withdrawals: 출금 처리 중 until the payout is
 * confirmed on chain, then 출금 완료 with its TXID and explorer page (a TXID recorded but not yet confirmed
 * is not shown: the desk may still have typed the wrong one).
 */
export async function payoutsOf(
  q: Queryable,
  withdrawalIds: string[],
  explorerUrls: ExplorerUrls | undefined,
): Promise<Map<string, MemberPayout>> {
  if (withdrawalIds.length === 0) return new Map();
  const rows = await q.query<{ id: string; network: string; txid: string | null; confirmed: boolean }>(
    `SELECT w.id::text AS id, w.network, p.txid, p.txid IS NOT NULL AS confirmed
       FROM withdrawals w LEFT JOIN withdrawal_payouts p ON p.withdrawal_id = w.id AND p.status = 'confirmed'
      WHERE w.id = ANY($1::uuid[]) AND w.method = 'external'`,
    [withdrawalIds],
  );
  return new Map<string, MemberPayout>(
    rows.map((r): [string, MemberPayout] => {
      if (!r.confirmed || !r.txid) return [r.id, { status: 'processing', txid: null, explorer_url: null }];
      const txid = shownTxid(r.network, r.txid);
      const url = explorerUrls ? explorerTxUrl(explorerUrls, r.network, txid) : null;
      return [r.id, { status: 'completed', txid, explorer_url: url }];
    }),
  );
}
