import { CRYPTO_DEPOSIT_CURRENCY } from '../../shared/constants';
import { D } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { DepositNetwork } from '../../shared/networks';
import type { cryptoDepositBodySchema, DepositView } from '../../shared/schemas/deposits';
import type { z } from '../../shared/zod';
import { lockTransaction } from '../chain/transfer-lock';
import type { Queryable } from '../db';
import { isUniqueViolation } from '../db/iso-time';
import { publishRequestCreated } from '../events/publish';
import { AppError } from '../http/errors';
import { firstRow } from '../sql';
import { DEPOSIT_COLUMNS, type DepositRow, toDepositView } from './deposit-view';
import { refuseOtherMembersTag, type VerifiedXrpPayment } from './xrp-claim';

type Input = z.output<typeof cryptoDepositBodySchema>;

/**
 * A crypto deposit request with a TXID no live (pending or approved) deposit has used, or the member's own
 * deposit the scan found in that transaction. USDT: to the
 * member's assigned address of the chosen network (never one sent by the client). XRP: the payment
 * `verifyXrpClaim` read on the ledger (to the service address, its sender and tag kept), unless its tag
 * is another member's. Run inside the caller's transaction.
 */
export async function createCryptoDeposit(
  q: Queryable,
  memberId: string,
  input: Input,
  xrp: VerifiedXrpPayment | undefined,
): Promise<DepositView> {
  if (input.network === 'XRPL') {
    if (!xrp) throw new Error('an XRP claim is read on the ledger before it is recorded');
    await refuseOtherMembersTag(q, memberId, xrp.tag);
  }
  const address = xrp ? xrp.to : await memberDepositAddress(q, memberId, input.network as DepositNetwork);
  if (!address) throw new AppError('CONFLICT', MSG.deposit.addressUnavailable);
  // The scan may be recording this transaction's transfers right now: the transaction's lock orders both.
  await lockTransaction(q, input.txid);
  const used = await q.query<DepositRow & { origin: string | null }>(
    `SELECT ${DEPOSIT_COLUMNS}, c.origin FROM deposits d LEFT JOIN deposit_chain_checks c ON c.deposit_id = d.id
      WHERE d.txid IS NOT NULL AND regexp_replace(lower(d.txid), '^0x', '') = regexp_replace(lower($1), '^0x', '')
        AND d.status <> 'rejected'
      ORDER BY d.created_at`,
    [input.txid],
  );
  if (used.length > 0) {
    // The scan recorded this member's transfers of the transaction first: their claim is the one of its
    // amount (of several, decision 0410), else the first.
    const mine = used.filter((d) => d.origin === 'scan' && d.member_id === memberId);
    const claimed = mine.find((d) => new D(d.amount).eq(xrp ? xrp.amount : input.amount)) ?? mine[0];
    if (claimed) {
      const { origin: _origin, ...row } = claimed;
      return toDepositView(row);
    }
    throw duplicateTxid();
  }
  const [row] = await q.query<DepositRow>(
    `INSERT INTO deposits AS d (member_id, currency, amount, network, deposit_address, txid, sender_address,
       destination_tag, log_index)
     VALUES ($1, $2, $3::numeric, $4, $5, $6, $7, $8, $9) RETURNING ${DEPOSIT_COLUMNS}`,
    [
      memberId,
      xrp ? 'XRP' : CRYPTO_DEPOSIT_CURRENCY,
      xrp ? xrp.amount : input.amount,
      input.network,
      address,
      // The ledger writes its hashes upper-case, as the scan stores them.
      xrp ? input.txid.toUpperCase() : input.txid,
      xrp ? xrp.from : input.sender_address,
      xrp?.tag?.toString() ?? null,
      // An XRP payment is one transfer; a USDT claim is tied to its transfer when the chain is read.
      xrp ? 0 : null,
    ],
  );
  return publishRequestCreated(q, 'deposit', toDepositView(row!));
}

/** The member's deposit address on `network`, or null when the administrator has assigned none. */
async function memberDepositAddress(
  q: Queryable,
  memberId: string,
  network: DepositNetwork,
): Promise<string | null> {
  const [row] = await q.query<{ address: string }>(
    'SELECT address FROM member_deposit_addresses WHERE member_id = $1 AND network = $2',
    [memberId, network],
  );
  return row?.address.trim() || null;
}

/**
 * Chain checks: the scan of new blocks may have recorded this member's transfer before they claim it. Their
 * claim then is that same request (one transfer, one request), not a second one or an error: of several in
 * the transaction, the one of the claimed amount, else the first.
 */
export async function foundOnChain(
  q: Queryable,
  memberId: string,
  txid: string,
  amount: string,
): Promise<DepositView | null> {
  const row = await firstRow<DepositRow>(
    q,
    `SELECT ${DEPOSIT_COLUMNS} FROM deposits d JOIN deposit_chain_checks c ON c.deposit_id = d.id AND c.origin = 'scan'
      WHERE d.txid IS NOT NULL AND regexp_replace(lower(d.txid), '^0x', '') = regexp_replace(lower($1), '^0x', '')
        AND d.status <> 'rejected' AND d.member_id = $2
      ORDER BY d.amount = $3::numeric DESC, d.created_at LIMIT 1`,
    [txid, memberId, amount],
  );
  return row && toDepositView(row);
}

const duplicateTxid = () =>
  new AppError('CONFLICT', MSG.deposit.duplicateTxid, { txid: MSG.deposit.duplicateTxid });

/** Two requests racing with one TXID: the unique index decides, the loser gets the same message. */
export function mapDepositError(err: unknown): unknown {
  return isDuplicateTransfer(err) ? duplicateTxid() : err;
}

/** The unique index of live deposits per transfer, or of untied claims per TXID, refused a second one. */
export const isDuplicateTransfer = (err: unknown) =>
  isUniqueViolation(err, 'deposits_txid_key') || isUniqueViolation(err, 'deposits_transfer_key');
