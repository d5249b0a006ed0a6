import { resolveXrpDestination } from '../../shared/address';
import { MSG } from '../../shared/messages';
import { isNetworkAllowed, networkLabelFor, networksFor } from '../../shared/networks';
import type { CryptoWithdrawalInput, WithdrawalView } from '../../shared/schemas/withdrawals';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import {
  checkWithdrawalRules,
  type RuleRequest,
  type RulesDeps,
  readRuleInputs,
} from '../withdrawal-rules/rules';
import { insertWithdrawal, type NewWithdrawal } from './insert-withdrawal';

const W = MSG.withdraw;

/**
 * A crypto withdrawal request. Internal: to another member by username (must exist, not oneself).
 * External: to an address valid for its network (the shared schema). The fee and the payout are
 * computed here, never taken from the client; the full amount is held while the request is pending.
 */
export async function createCryptoWithdrawal(
  q: Queryable,
  memberId: string,
  input: CryptoWithdrawalInput,
  deps: RulesDeps,
): Promise<WithdrawalView> {
  // Read before the member's withdrawal lock: prices, own limits, the hold after a KRW deposit.
  const pre = await readRuleInputs(q, memberId, deps);
  /** The request and what the rules check are the same destination; the rules run under the member's lock. */
  const insertWithRules = (w: NewWithdrawal, rule: RuleRequest) =>
    insertWithdrawal(q, memberId, w, (tq) => checkWithdrawalRules(tq, memberId, deps, rule, pre));
  const amount = { currency: input.currency, amount: input.amount };
  if (input.method === 'internal') {
    // FOR KEY SHARE: an account being closed at this moment is waited for and then seen closed; a
    // closure that comes later waits for this request and then sees it pending (and refuses).
    const [recipient] = await q.query<{ id: string; username: string; closed: boolean }>(
      `SELECT id::text AS id, username, closed_at IS NOT NULL AS closed FROM members
        WHERE lower(username) = lower($1) FOR KEY SHARE`,
      [input.recipient_id ?? ''],
    );
    if (!recipient) {
      throw new AppError('VALIDATION', W.recipientNotFound, { recipient_id: W.recipientNotFound });
    }
    if (recipient.closed) {
      throw new AppError('VALIDATION', W.recipientClosed, { recipient_id: W.recipientClosed });
    }
    if (recipient.id === memberId) {
      throw new AppError('VALIDATION', W.recipientSelf, { recipient_id: W.recipientSelf });
    }
    return insertWithRules(
      { ...amount, method: 'internal', recipientId: recipient.username, recipientMemberId: recipient.id },
      { ...amount, method: 'internal' },
    );
  }
  // The schema has refused any pair the currency does not allow; checked again here, where money moves.
  const network = input.network;
  if (!network || !input.recipient_address) {
    throw new AppError('VALIDATION', W.networkRequired, { network: W.networkRequired });
  }
  if (!isNetworkAllowed(input.currency, network)) {
    const allowed = networksFor(input.currency)
      .map((n) => networkLabelFor(input.currency, n))
      .join(', ');
    const message = W.networkNotAllowed(input.currency, allowed);
    throw new AppError('VALIDATION', message, { network: message });
  }
  let address = input.recipient_address;
  let destinationTag: number | null = null;
  if (network === 'XRPL') {
    // An X-address is stored as the classic address and its tag, so the payout team sees both.
    const xrp = resolveXrpDestination(address, input.destination_tag);
    if (!xrp.ok) throw new AppError('VALIDATION', W.xrpInvalid, { recipient_address: W.xrpInvalid });
    address = xrp.address;
    destinationTag = xrp.tag;
  }
  const destination = { method: 'external' as const, network, recipientAddress: address, destinationTag };
  // The address book, the hold after a KRW deposit, the travel rule and the daily limit.
  return insertWithRules(
    { ...amount, ...destination },
    {
      ...amount,
      ...destination,
      addressId: input.address_id,
      travel: {
        name: input.travel_rule_name,
        exchange: input.travel_rule_exchange,
        declared: input.travel_rule_declared,
      },
    },
  );
}
