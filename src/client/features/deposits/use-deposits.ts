import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositNetwork } from '../../../shared/networks';
import type {
  CryptoDepositBody,
  DepositAddressView,
  DepositView,
  KrwDepositBody,
} from '../../../shared/schemas/deposits';
import { api } from '../../lib/api';

export const DEPOSIT_ADDRESS_KEY = ['deposit-address'] as const;

/** The member's USDT deposit address on `network` (null: none yet) and the administrator chat link. */
export function useDepositAddress(network: DepositNetwork) {
  return useQuery({
    queryKey: [...DEPOSIT_ADDRESS_KEY, network],
    queryFn: () => api.get<DepositAddressView>(`/deposit-address?network=${network}`),
    staleTime: 60_000,
    retry: 1,
  });
}

/** After a request: every balance view and the history show the new state. */
function useAfterRequest() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ['balances'] });
    void qc.invalidateQueries({ queryKey: ['history'] });
  };
}

export function useCreateCryptoDeposit() {
  const after = useAfterRequest();
  return useMutation({
    mutationFn: ({ body, key }: { body: CryptoDepositBody; key: string }) =>
      api.post<DepositView>('/deposits/crypto', body, { idempotencyKey: key }),
    onSuccess: after,
  });
}

export function useCreateKrwDeposit() {
  const after = useAfterRequest();
  return useMutation({
    mutationFn: ({ body, key }: { body: KrwDepositBody; key: string }) =>
      api.post<DepositView>('/deposits/krw', body, { idempotencyKey: key }),
    onSuccess: after,
  });
}
