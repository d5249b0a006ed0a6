import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { D, type Dec } from '../../../shared/decimal';
import { MSG } from '../../../shared/messages/member';
import type {
  CryptoWithdrawalBody,
  KrwWithdrawalBody,
  WithdrawalView,
} from '../../../shared/schemas/withdrawals';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useBalances } from '../../lib/use-wallet-queries';

export interface Available {
  total: Dec;
  available: Dec;
}

/**
 * What each withdrawal currency holds and what can leave it now (getBalances:
 * total − active locks − pending withdrawals; BTC is always 0). A load failure is toasted once
 * (SPEC §8) and the form then relies on the server's check alone.
 */
export function useWithdrawable() {
  const q = useBalances();
  useEffect(() => {
    if (q.isError) toast.error(MSG.withdraw.balanceLoadFailed);
  }, [q.isError]);
  const byCurrency = (currency: string): Available | null => {
    const row = q.data?.items.find((b) => b.currency === currency);
    return row ? { total: new D(row.total), available: new D(row.available) } : null;
  };
  return { isPending: q.isPending, isError: q.isError, byCurrency };
}

function useAfterRequest() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ['balances'] });
    void qc.invalidateQueries({ queryKey: ['history'] });
    void qc.invalidateQueries({ queryKey: ['withdrawal-rules'] });
  };
}

export function useCreateCryptoWithdrawal() {
  const after = useAfterRequest();
  return useMutation({
    mutationFn: ({ body, key }: { body: CryptoWithdrawalBody; key: string }) =>
      api.post<WithdrawalView>('/withdrawals/crypto', body, { idempotencyKey: key }),
    onSuccess: after,
  });
}

export function useCreateKrwWithdrawal() {
  const after = useAfterRequest();
  return useMutation({
    mutationFn: ({ body, key }: { body: KrwWithdrawalBody; key: string }) =>
      api.post<WithdrawalView>('/withdrawals/krw', body, { idempotencyKey: key }),
    onSuccess: after,
  });
}
