import type {
  CryptoWithdrawalBody,
  KrwWithdrawalBody,
  WithdrawalView,
} from '../../../shared/schemas/withdrawals';
import { api } from '../../lib/api';
import { BALANCES_KEY, RULES_KEY } from '../../lib/use-wallet-queries';

/** After a withdrawal request: balances, history and what is left of the daily limits are read again. */
export const WITHDRAWAL_REFETCH = [BALANCES_KEY, ['history'], RULES_KEY] as const;

export const createCryptoWithdrawal = (body: CryptoWithdrawalBody, key: string) =>
  api.post<WithdrawalView>('/withdrawals/crypto', body, { idempotencyKey: key, schema: 'withdrawal' });

export const createKrwWithdrawal = (body: KrwWithdrawalBody, key: string) =>
  api.post<WithdrawalView>('/withdrawals/krw', body, { idempotencyKey: key, schema: 'withdrawal' });
