import { CRYPTO_DEPOSIT_CURRENCY } from '../../shared/constants';
import type { Db } from '../db';
import { DEPOSIT_COLUMNS, type DepositRow, toDepositView } from '../deposits/deposit-view';
import { publishRequestCreated } from '../events/publish';
import { type ChainProvider, type FoundTransfer, normalizeTxid } from './provider';
import { fromBaseUnits } from './verdict';

/** The scan reads at most this many blocks per round (providers cap eth_getLogs ranges). */
const SCAN_MAX_BLOCKS = 1000n;

/**
 * The scan of new blocks (XRPL: validated ledgers): USDT transfers to any member's assigned address, and XRP
 * payments to the service address with a member's tag, become pending deposits found on chain, unless a deposit already has that TXID (a claim came first, or an administrator rejected it). The
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
  const most = p.maxScanBlocks ? BigInt(p.maxScanBlocks) : SCAN_MAX_BLOCKS;
  const end = head - start + 1n > most ? start + most - 1n : head;
  const transfers = await p.transfersIn!(start, end);
  let created = 0;
  const owners = await ownersOf(db, p, transfers);
  for (const t of transfers) {
    const owner = owners(t);
    if (!owner || t.value <= 0n) continue;
    if (await recordFound(db, p, owner.member_id, owner.address.trim(), t)) created++;
  }
  await db.query(
    `INSERT INTO chain_scan_cursors (network, next_block, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (network) DO UPDATE SET next_block = EXCLUDED.next_block, updated_at = now()`,
    [p.network, (end + 1n).toString()],
  );
  return created;
}

type Owner = { member_id: string; address: string };

/**
 * Whose each transfer is: on Ethereum and TRON the member whose assigned address it went to; on the XRP
 * Ledger the member whose destination tag it carries (all go to the one service address). A payment
 * without a tag, or with a tag nobody has, belongs to no one here: the member's TXID claim stays for it.
 */
async function ownersOf(db: Db, p: ChainProvider, transfers: FoundTransfer[]) {
  if (transfers.length === 0) return () => undefined;
  if (p.network === 'XRPL') {
    const tags = [...new Set(transfers.flatMap((t) => (t.tag == null ? [] : [String(t.tag)])))];
    const rows = tags.length
      ? await db.query<{ member_id: string; tag: string }>(
          `SELECT t.member_id::text AS member_id, t.tag::text AS tag FROM member_deposit_tags t
             JOIN members m ON m.id = t.member_id AND m.closed_at IS NULL WHERE t.tag = ANY($1::bigint[])`,
          [tags],
        )
      : [];
    const byTag = new Map(rows.map((r) => [r.tag, r.member_id]));
    return (t: FoundTransfer): Owner | undefined => {
      const member = t.tag == null ? undefined : byTag.get(String(t.tag));
      return member ? { member_id: member, address: t.to } : undefined;
    };
  }
  const addresses = [...new Set(transfers.map((t) => t.to.toLowerCase()))];
  const rows = await db.query<Owner>(
    `SELECT a.member_id::text AS member_id, a.address FROM member_deposit_addresses a
       JOIN members m ON m.id = a.member_id AND m.closed_at IS NULL
      WHERE a.network = $1 AND lower(a.address) = ANY($2)`,
    [p.network, addresses],
  );
  const byAddress = new Map(rows.map((o) => [o.address.trim().toLowerCase(), o]));
  return (t: FoundTransfer) => byAddress.get(t.to.toLowerCase());
}

const STORED_TXID = {
  ERC20: (t: string) => `0x${t}`,
  TRC20: (t: string) => t,
  XRPL: (t: string) => t.toUpperCase(),
};

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
      `INSERT INTO deposits AS d (member_id, currency, amount, network, deposit_address, txid, sender_address,
         destination_tag)
       VALUES ($1, $2, $3::numeric, $4, $5, $6, $7, $8)
       ON CONFLICT (regexp_replace(lower(txid), '^0x', '')) WHERE txid IS NOT NULL AND status <> 'rejected'
       DO NOTHING RETURNING ${DEPOSIT_COLUMNS}`,
      [
        memberId,
        p.network === 'XRPL' ? 'XRP' : CRYPTO_DEPOSIT_CURRENCY,
        fromBaseUnits(t.value),
        p.network,
        address,
        STORED_TXID[p.network](txid),
        t.from,
        p.network === 'XRPL' ? (t.tag?.toString() ?? null) : null,
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
