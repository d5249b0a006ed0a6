import { CRYPTO_DEPOSIT_CURRENCY } from '../../shared/constants';
import type { Db } from '../db';
import { DEPOSIT_COLUMNS, type DepositRow, toDepositView } from '../deposits/deposit-view';
import { publishRequestCreated } from '../events/publish';
import { type ChainProvider, type FoundTransfer, normalizeTxid } from './provider';
import { fromBaseUnits } from './verdict';

/** The scan reads at most this many blocks per round (providers cap eth_getLogs ranges). */
const SCAN_MAX_BLOCKS = 1000n;

/**
 * The scan of new blocks: USDT transfers to any member's assigned address become pending deposits found on
 * chain, unless a deposit already has that TXID (a claim came first, or an administrator rejected it). The
 * deposits' unique TXID index and `chain_transfers` make a claim and the scan racing create one request.
 */
export async function scan(db: Db, p: ChainProvider): Promise<number> {
  const head = await p.head!();
  const [cursor] = await db.query<{ next_block: string }>(
    'SELECT next_block::text AS next_block FROM chain_scan_cursors WHERE network = $1',
    [p.network],
  );
  // First round: start one confirmation window back, so transfers still being confirmed are seen.
  // A cursor past the newest block (another chain behind the same URL, a provider lagging) starts over
  // likewise: reading blocks twice is harmless, a transfer is recorded once.
  const window = head - BigInt(p.minConfirmations) + 1n;
  const from = cursor && BigInt(cursor.next_block) <= head + 1n ? BigInt(cursor.next_block) : window;
  const start = from < 0n ? 0n : from;
  if (start > head) return 0;
  const end = head - start + 1n > SCAN_MAX_BLOCKS ? start + SCAN_MAX_BLOCKS - 1n : head;
  const transfers = await p.transfersIn!(start, end);
  let created = 0;
  if (transfers.length > 0) {
    const addresses = [...new Set(transfers.map((t) => t.to.toLowerCase()))];
    const owners = await db.query<{ member_id: string; address: string }>(
      `SELECT a.member_id::text AS member_id, a.address FROM member_deposit_addresses a
         JOIN members m ON m.id = a.member_id AND m.closed_at IS NULL
        WHERE a.network = $1 AND lower(a.address) = ANY($2)`,
      [p.network, addresses],
    );
    const byAddress = new Map(owners.map((o) => [o.address.trim().toLowerCase(), o]));
    for (const t of transfers) {
      const owner = byAddress.get(t.to.toLowerCase());
      if (!owner || t.value <= 0n) continue;
      if (await recordFound(db, p, owner.member_id, owner.address.trim(), t)) created++;
    }
  }
  await db.query(
    `INSERT INTO chain_scan_cursors (network, next_block, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (network) DO UPDATE SET next_block = EXCLUDED.next_block, updated_at = now()`,
    [p.network, (end + 1n).toString()],
  );
  return created;
}

/** One found transfer → one pending deposit with its check and its transfer binding, or nothing. */
export async function recordFound(
  db: Db,
  p: ChainProvider,
  memberId: string,
  address: string,
  t: FoundTransfer,
): Promise<boolean> {
  const txid = normalizeTxid(t.txid);
  return db.tx(async (q) => {
    const seen = await q.query(
      `SELECT 1 FROM deposits WHERE txid IS NOT NULL AND regexp_replace(lower(txid), '^0x', '') = $1
       UNION ALL SELECT 1 FROM chain_transfers WHERE network = $2 AND txid = $1 LIMIT 1`,
      [txid, p.network],
    );
    if (seen.length > 0) return false;
    const [row] = await q.query<DepositRow>(
      `INSERT INTO deposits AS d (member_id, currency, amount, network, deposit_address, txid, sender_address)
       VALUES ($1, $2, $3::numeric, $4, $5, $6, $7)
       ON CONFLICT (regexp_replace(lower(txid), '^0x', '')) WHERE txid IS NOT NULL AND status <> 'rejected'
       DO NOTHING RETURNING ${DEPOSIT_COLUMNS}`,
      [
        memberId,
        CRYPTO_DEPOSIT_CURRENCY,
        fromBaseUnits(t.value),
        p.network,
        address,
        p.network === 'ERC20' ? `0x${txid}` : txid,
        t.from,
      ],
    );
    if (!row) return false; // a claim with this TXID committed first
    await q.query(
      `INSERT INTO deposit_chain_checks (deposit_id, network, origin, verdict, required_confirmations, chain_amount,
         chain_to, log_index, block_number)
       VALUES ($1, $2, 'scan', 'waiting', $3, $4::numeric, $5, $6, $7)`,
      [
        row.id,
        p.network,
        p.minConfirmations,
        fromBaseUnits(t.value),
        t.to,
        t.logIndex,
        t.blockNumber.toString(),
      ],
    );
    await q.query(
      'INSERT INTO chain_transfers (network, txid, log_index, deposit_id) VALUES ($1, $2, $3, $4)',
      [p.network, txid, t.logIndex, row.id],
    );
    await publishRequestCreated(q, 'deposit', toDepositView(row));
    return true;
  });
}
