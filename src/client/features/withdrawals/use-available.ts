import { useEffect } from 'react';
import { D, type Dec } from '../../../shared/decimal';
import { MSG } from '../../../shared/messages/member-flows';
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
