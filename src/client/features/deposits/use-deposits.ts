import { useQuery } from '@tanstack/react-query';
import type { DepositNetwork } from '../../../shared/networks';
import type {
  CryptoDepositBody,
  DepositAddressView,
  DepositView,
  KrwDepositBody,
} from '../../../shared/schemas/deposits';
import { api } from '../../lib/api';

const DEPOSIT_ADDRESS_KEY = ['deposit-address'] as const;

/** The member's USDT deposit address on `network` (null: none yet) and the administrator chat link. */
export function useDepositAddress(network: DepositNetwork) {
  return useQuery({
    queryKey: [...DEPOSIT_ADDRESS_KEY, network],
    queryFn: () =>
      api.get<DepositAddressView>(`/deposit-address?network=${network}`, { schema: 'depositAddress' }),
    staleTime: 60_000,
    retry: 1,
  });
}

/** After a request: every balance view and the history show the new state. */
export const DEPOSIT_REFETCH = [['balances'], ['history']] as const;

export const createCryptoDeposit = (body: CryptoDepositBody, key: string) =>
  api.post<DepositView>('/deposits/crypto', body, { idempotencyKey: key, schema: 'deposit' });

export const createKrwDeposit = (body: KrwDepositBody, key: string) =>
  api.post<DepositView>('/deposits/krw', body, { idempotencyKey: key, schema: 'deposit' });
