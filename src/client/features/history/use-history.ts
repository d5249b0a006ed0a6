import { useQuery } from '@tanstack/react-query';
import type { BalanceCurrency, HistoryType } from '../../../shared/constants';
import type { HistoryView } from '../../../shared/schemas/history';
import { api } from '../../lib/api';

/**
 * The latest 100 transactions of one kind, of one asset or all. A load failure is only logged; the list
 * stays empty (SPEC §8).
 */
export function useHistory(type: HistoryType, asset: BalanceCurrency | null) {
  return useQuery({
    queryKey: ['history', type, asset ?? 'all'],
    queryFn: async () => {
      try {
        return await api.get<HistoryView>('/history', {
          query: { type, asset: asset ?? undefined },
          schema: 'history',
        });
      } catch (err) {
        console.error(err);
        return { items: [], limit: 100 } satisfies HistoryView;
      }
    },
  });
}
