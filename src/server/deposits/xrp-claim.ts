import { resolveXrpDestination } from '../../shared/address';
import { D } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { ChainConfig } from '../chain/chain-config';
import { ProviderError } from '../chain/provider';
import { fromBaseUnits } from '../chain/verdict';
import { type ClaimedPayment, claimedPayment } from '../chain/xrpl';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { hit } from '../http/rate-events';

const X = MSG.xrpClaim;

/** Each claim asks the XRP Ledger provider once: a member may cause this many asks per window. */
const CLAIM_LIMIT = { limit: 30, minutes: 10 };

/** An XRP payment to the service address as the ledger recorded it (amount in XRP, the tag if any). */
export interface VerifiedXrpPayment {
  from: string;
  to: string;
  amount: string;
  tag: number | null;
}

/** What the member reads when the ledger does not show the payment claimed. */
const REFUSED = {
  not_found: X.notFound,
  unvalidated: X.unvalidated,
  not_xrp_payment: X.notPayment,
  failed: X.failed,
} as const;

const onTxid = (message: string) => new AppError('CONFLICT', message, { txid: message });

/**
 * The ledger's side of a member's XRP claim (decision 0364), asked before the claim's transaction so no
 * database connection waits on the provider: a validated, successful XRP `Payment` to the service address,
 * from the sender the member named, delivering exactly the amount claimed (`meta.delivered_amount`). A
 * provider that cannot answer (down, slow, garbage, too large) refuses the claim for now; nothing is written.
 */
export async function verifyXrpClaim(
  db: Queryable,
  c: ChainConfig,
  memberId: string,
  claim: { amount: string; txid: string; sender_address: string },
): Promise<VerifiedXrpPayment> {
  const service = c.xrpDepositAddress;
  if (!c.xrplRpcUrl || !service) throw new AppError('CONFLICT', X.unavailable);
  if (await hit(db, `xrp-claim:${memberId}`, CLAIM_LIMIT.limit, CLAIM_LIMIT.minutes)) {
    throw new AppError('RATE_LIMITED', X.tooMany);
  }
  let found: ClaimedPayment;
  try {
    found = await claimedPayment(c, claim.txid);
  } catch (err) {
    if (err instanceof ProviderError)
      throw Object.assign(new AppError('UNAVAILABLE', X.ledgerDown), { cause: err });
    throw err;
  }
  if (found.kind !== 'payment') throw onTxid(REFUSED[found.kind]);
  if (found.to !== service) throw onTxid(X.notToService);
  const sender = resolveXrpDestination(claim.sender_address);
  if (!sender.ok || sender.address !== found.from) {
    throw new AppError('CONFLICT', X.senderDiffers, { sender_address: X.senderDiffers });
  }
  const amount = fromBaseUnits(found.drops);
  if (!new D(amount).eq(claim.amount)) {
    throw new AppError('CONFLICT', X.amountDiffers, { amount: X.amountDiffers });
  }
  return { from: found.from, to: found.to, amount, tag: found.tag };
}

/**
 * A payment carrying another member's destination tag is theirs (the scan credits it to them), whoever
 * claims it; a payment without a tag, or with a tag nobody was given, is the claimant's to claim.
 */
export async function refuseOtherMembersTag(q: Queryable, memberId: string, tag: number | null) {
  if (tag === null) return;
  const [owner] = await q.query<{ member_id: string }>(
    'SELECT member_id::text AS member_id FROM member_deposit_tags WHERE tag = $1',
    [tag],
  );
  if (owner && owner.member_id !== memberId) throw onTxid(X.otherTag);
}
