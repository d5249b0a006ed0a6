import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  ProfileView,
  RequestEmailChangeBody,
  SecondPasswordMode,
  SetSecondPasswordBody,
  UpdateContactBody,
} from '../../../shared/schemas/profile';
import { ApiError, api, isRefusal } from '../../lib/api';
import { useRefreshWithSession } from '../../lib/session';

/** My page tells the member to log in again itself (SPEC §8), so its calls keep session errors. */
const OWN = { handlesSessionEnd: true } as const;

const PROFILE_KEY = ['profile'] as const;

/** The member's profile for my page and the password pages. */
export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: () => api.get<ProfileView>('/profile', { ...OWN, schema: 'profile' }),
    retry: (count, err) => !isRefusal(err) && count < 1,
  });
}

/** Refreshes what shows the member's data: the profile and the session (its email, second password). */
export const useRefresh = () => useRefreshWithSession(PROFILE_KEY);

export function useUpdateContact() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateContactBody) => api.patch<{ contact: string }>('/profile/contact', body, OWN),
    onSuccess: refresh,
  });
}

export function useRequestEmailChange() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RequestEmailChangeBody) =>
      api.post<{ pending_email: { email: string; expires_at: string } }>('/profile/email', body, OWN),
    onSuccess: refresh,
  });
}

export function useConfirmEmailChange() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (token: string) => api.post<{ email: string }>('/profile/email/confirm', { token }, OWN),
    onSuccess: refresh,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.post<{ changed: true; ended_sessions: number }>('/profile/password', body, OWN),
  });
}

/**
 * The page refreshes the profile itself after leaving: refreshing first would flip the page's mode
 * (set → change) and unmount the form before its success handler runs.
 */
export function useSetSecondPassword() {
  return useMutation({
    mutationFn: (body: SetSecondPasswordBody) =>
      api.post<{ mode: SecondPasswordMode }>('/profile/second-password', body, OWN),
  });
}

/** The session ended under the page (expired, or ended by a password change elsewhere). */
export const isSessionGone = (err: unknown) => err instanceof ApiError && err.status === 401;
