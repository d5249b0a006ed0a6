import { MSG } from '../../../shared/messages/member-flows';
import type { CryptoWithdrawalBody, KrwWithdrawalBody } from '../../../shared/schemas/withdrawals';
import { idempotentPost } from '../../lib/use-money-submit';
import { BALANCES_KEY, RULES_KEY } from '../../lib/use-wallet-queries';

/**
 * What the money-form routine (`useMoneySubmit`) needs of a withdrawal request besides the form: after it
 * balances, history and what is left of the daily limits are read again; a duplicate submission
 * (IDEMPOTENCY_CONFLICT) gets a new key for the next try.
 */
const WITHDRAWAL = {
  refetch: [BALANCES_KEY, ['history'], RULES_KEY],
  loginRequired: MSG.common.loginRequired,
  renewKeyOnConflict: true,
} as const;

/** POST /withdrawals/crypto, and the form fields its per-field messages land under. */
export const CRYPTO_WITHDRAWAL = {
  ...WITHDRAWAL,
  send: idempotentPost<CryptoWithdrawalBody>('/withdrawals/crypto', 'withdrawal'),
  fields: [
    'currency',
    'amount',
    'method',
    'recipient_id',
    'recipient_address',
    'network',
    'destination_tag',
    'address_id',
    'travel_rule_name',
    'travel_rule_exchange',
    'travel_rule_declared',
    'otpCode',
  ],
} as const;

/** POST /withdrawals/krw, and the form fields its per-field messages land under. */
export const KRW_WITHDRAWAL = {
  ...WITHDRAWAL,
  send: idempotentPost<KrwWithdrawalBody>('/withdrawals/krw', 'withdrawal'),
  fields: ['amount', 'memo', 'otpCode'],
} as const;
