import { useQuery } from '@tanstack/react-query';
import type { MemberProof } from '../../../shared/merkle-sum';
import type { PublicReserves } from '../../../shared/schemas/reserves';
import { api } from '../../lib/api';

/** The published checks (GET /api/reserves, open to anyone). */
export const usePublicReserves = () =>
  useQuery({ queryKey: ['reserves', 'public'], queryFn: () => api.get<PublicReserves>('/reserves') });

/** The member's own proof in the newest check that holds them (GET /api/reserves/proof). */
export const useMyProof = () =>
  useQuery({
    queryKey: ['reserves', 'proof'],
    queryFn: () => api.get<MemberProof>('/reserves/proof'),
    retry: false,
  });
