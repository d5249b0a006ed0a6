import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterAddressBody, WithdrawalAddressView } from '../../../shared/schemas/withdrawal-rules';
import { api } from '../../lib/api';

export const BOOK_KEY = ['withdrawal-addresses'] as const;

/** The member's address book (live entries). */
export function useAddressBook() {
  return useQuery({
    queryKey: BOOK_KEY,
    queryFn: () => api.get<{ items: WithdrawalAddressView[] }>('/withdrawal-addresses'),
  });
}

export function useRegisterAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterAddressBody) =>
      api.post<WithdrawalAddressView>('/withdrawal-addresses', body, { schema: 'withdrawalAddress' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: BOOK_KEY }),
  });
}

export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<WithdrawalAddressView>(`/withdrawal-addresses/${encodeURIComponent(id)}`, {
        schema: 'withdrawalAddress',
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: BOOK_KEY }),
  });
}
