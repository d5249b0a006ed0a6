import { useQuery } from '@tanstack/react-query';
import type { HistoryType } from '../../../shared/constants';
import type { HistoryView } from '../../../shared/schemas/history';
import { api } from '../../lib/api';

/** The latest 100 transactions of one kind. A load failure is only logged; the list stays empty (SPEC §8). */
export function useHistory(type: HistoryType) {
  return useQuery({
    queryKey: ['history', type],
    queryFn: async () => {
      try {
        return await api.get<HistoryView>('/history', { query: { type }, schema: 'history' });
      } catch (err) {
        console.error(err);
        return { items: [], limit: 100 } satisfies HistoryView;
      }
    },
  });
}
