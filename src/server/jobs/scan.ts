import { D } from '../../shared/decimal';
import {
  type ChainProvider,
  type FoundTransfer,
  normalizeTxid,
  TooManyInRange,
  transferCurrency,
} from '../chain/provider';
import { lockTransaction } from '../chain/transfer-lock';
import { creditOf } from '../chain/verdict';
import type { Db, Queryable } from '../db';
import { DEPOSIT_COLUMNS, type DepositRow, toDepositView } from '../deposits/deposit-view';
import { publishRequestCreated } from '../events/publish';

/** The scan reads at most this many blocks per round (providers cap eth_getLogs ranges). */
const SCAN_MAX_BLOCKS = 1000n;

/**
 * The scan of new blocks (XRPL: validated ledgers): USDT transfers and ether (a transaction's own value) to
 * any member's assigned Ethereum or TRON address, and XRP payments to the service address with a member's
 * tag, become pending deposits found on chain, one per transfer (decision 0410): a transaction paying
 * several members, or one member twice, makes several deposits. A transfer already backing a deposit (a
 * claim came first, or an administrator rejected it) is skipped; a member's claim of the transaction not yet
 * tied to a transfer adopts the transfer of its amount. Ether sent by a failed transaction is never recorded.
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
  let end = head - start + 1n > most ? start + most - 1n : head;
  let transfers: FoundTransfer[];
  for (;;) {
    try {
      transfers = await p.transfersIn!(start, end);
      break;
    } catch (err) {
      // A flood of payments (10,000 one-drop XRP payments cost under 1 XRP) must not stop the scan: the
      // next call asks for the blocks the last one read whole (else half the range), and the cursor moves
      // on; only one block too busy is an error.
      if (!(err instanceof TooManyInRange) || end === start) throw err;
      const whole = err.reached !== undefined && err.reached > start ? err.reached - 1n : null;
      end = whole !== null && whole < end ? whole : start + (end - start) / 2n;
    }
  }
  let created = 0;
  const owners = await ownersOf(db, p, transfers);
  for (const t of transfers) {
    const owner = owners(t);
    if (!owner || t.value <= 0n) continue;
    if (t.native && !(await succeeded(p, t.txid))) continue;
    const siblings = transfers.filter(
      (s) =>
        s !== t && s.txid === t.txid && s.to.toLowerCase() === t.to.toLowerCase() && !s.native === !t.native,
    );
    if (await recordFound(db, p, owner.member_id, owner.address.trim(), t, siblings)) created++;
  }
  await db.query(
    `INSERT INTO chain_scan_cursors (network, next_block, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (network) DO UPDATE SET next_block = EXCLUDED.next_block, updated_at = now()`,
    [p.network, (end + 1n).toString()],
  );
  return created;
}

/** A block lists failed transactions too: ether counts only when its transaction succeeded. */
async function succeeded(p: ChainProvider, txid: string): Promise<boolean> {
  const found = await p.lookup(txid);
  return found.kind === 'mined' && found.success;
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

/**
 * One found transfer → one pending deposit with its check and its transfer binding, or nothing: when the
 * transfer already backs a deposit (of any status), or an untied deposit of its transaction to the same
 * address and currency stands for it: one of its amount, else one whose amount none of the transaction's
 * other transfers there (`siblings`) carries (a claim with a mistyped amount stands for the transfer, as it
 * did for its whole transaction, and the checker reports the difference). Pending, it is tied to the
 * transfer now (the member's claim adopts it); decided, it was that transfer's. Under the transaction's
 * lock (`lockTransaction`).
 */
export async function recordFound(
  db: Db,
  p: ChainProvider,
  memberId: string,
  address: string,
  t: FoundTransfer,
  siblings: readonly FoundTransfer[] = [],
): Promise<boolean> {
  const txid = normalizeTxid(t.txid);
  const currency = transferCurrency(p.network, t);
  const amount = creditOf(t);
  if (!new D(amount).gt(0)) return false; // less ether than the app counts (decision 0411)
  return db.tx(async (q) => {
    await lockTransaction(q, txid);
    const seen = await q.query(
      `SELECT 1 FROM chain_transfers WHERE network = $1 AND txid = $2 AND log_index = $3
       UNION ALL
       SELECT 1 FROM deposits WHERE txid IS NOT NULL AND regexp_replace(lower(txid), '^0x', '') = $2
          AND coalesce(network, '') = $1 AND log_index = $3
       LIMIT 1`,
      [p.network, txid, t.logIndex],
    );
    if (seen.length > 0) return false;
    const untiedRows = await q.query<{ id: string; status: string; amount: string }>(
      `SELECT d.id::text AS id, d.status, d.amount::text AS amount FROM deposits d
        WHERE d.txid IS NOT NULL AND regexp_replace(lower(d.txid), '^0x', '') = $1 AND d.log_index IS NULL
          AND d.currency = $2 AND lower(d.deposit_address) = lower($3)
        ORDER BY d.status = 'pending' DESC, d.created_at`,
      [txid, currency, address],
    );
    const carried = (a: string) => siblings.some((s) => new D(creditOf(s)).eq(a));
    const untied =
      untiedRows.find((u) => new D(u.amount).eq(amount)) ?? untiedRows.find((u) => !carried(u.amount));
    if (untied) {
      if (untied.status === 'pending') await tie(q, p.network, txid, t.logIndex, untied.id);
      return false;
    }
    const [row] = await q.query<DepositRow>(
      `INSERT INTO deposits AS d (member_id, currency, amount, network, deposit_address, txid, sender_address,
         destination_tag, log_index)
       VALUES ($1, $2, $3::numeric, $4, $5, $6, $7, $8, $9)
       ON CONFLICT DO NOTHING RETURNING ${DEPOSIT_COLUMNS}`,
      [
        memberId,
        currency,
        amount,
        p.network,
        address,
        STORED_TXID[p.network](txid),
        t.from,
        p.network === 'XRPL' ? (t.tag?.toString() ?? null) : null,
        t.logIndex,
      ],
    );
    if (!row) return false;
    await q.query(
      `INSERT INTO deposit_chain_checks (deposit_id, network, origin, verdict, required_confirmations, chain_amount,
         chain_to, log_index, block_number)
       VALUES ($1, $2, 'scan', 'waiting', $3, $4::numeric, $5, $6, $7)`,
      [row.id, p.network, p.minConfirmations, amount, t.to, t.logIndex, t.blockNumber.toString()],
    );
    await q.query(
      'INSERT INTO chain_transfers (network, txid, log_index, deposit_id) VALUES ($1, $2, $3, $4)',
      [p.network, txid, t.logIndex, row.id],
    );
    await publishRequestCreated(q, 'deposit', toDepositView(row));
    return true;
  });
}

/** Ties an untied deposit to its transfer: the deposit's index and the transfer's binding, together. */
export async function tie(
  q: Queryable,
  network: string,
  txid: string,
  logIndex: number,
  depositId: string,
): Promise<void> {
  await q.query('UPDATE deposits SET log_index = $2 WHERE id = $1 AND log_index IS NULL', [
    depositId,
    logIndex,
  ]);
  await q.query(
    `INSERT INTO chain_transfers (network, txid, log_index, deposit_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [network, txid, logIndex, depositId],
  );
}
