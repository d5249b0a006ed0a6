import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RegisterAddressBody,
  WithdrawalAddressList,
  WithdrawalAddressView,
} from '../../../shared/schemas/withdrawal-rules';
import { api } from '../../lib/api';

const BOOK_KEY = ['withdrawal-addresses'] as const;

/** The member's address book (live entries). */
export function useAddressBook() {
  return useQuery({
    queryKey: BOOK_KEY,
    queryFn: () => api.get<WithdrawalAddressList>('/withdrawal-addresses', { schema: 'withdrawalAddresses' }),
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
