import { useQuery } from '@tanstack/react-query';
import { HOME_NOTICES_LIMIT, PRICE_REFRESH_MS } from '../../../shared/constants';
import type { NoticeView } from '../../../shared/schemas/member-notices';
import { api } from '../../lib/api';

export function useNotices() {
  return useQuery({
    queryKey: ['notices', HOME_NOTICES_LIMIT],
    queryFn: ({ signal }) =>
      api.get<{ items: NoticeView[] }>('/notices', {
        query: { limit: HOME_NOTICES_LIMIT },
        signal,
        schema: 'notices',
      }),
    staleTime: PRICE_REFRESH_MS,
  });
}
