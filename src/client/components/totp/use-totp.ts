import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useRefreshWithSession } from '../../lib/session';

const TOTP_KEY = ['totp'] as const;

export interface TotpStatus {
  enrolled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

/** The session member's OTP enrolment (GET /api/totp). */
export function useTotpStatus() {
  return useQuery({
    queryKey: TOTP_KEY,
    queryFn: () => api.get<TotpStatus>('/totp', { schema: 'totpStatus' }),
    staleTime: 5 * 60_000,
  });
}

/** After a change: the status and the session (its has_totp decides the login and withdrawal fields). */
const useRefreshTotp = () => useRefreshWithSession(TOTP_KEY);

export function useStartTotp() {
  return useMutation({
    mutationFn: () => api.post<{ secret: string; uri: string }>('/totp/setup', {}, { schema: 'totpSetup' }),
  });
}

export function useConfirmTotp() {
  return useMutation({
    mutationFn: (body: { otpCode: string; second_password: string }) =>
      api.post<{ recoveryCodes: string[] }>('/totp/confirm', body, { schema: 'totpRecoveryCodes' }),
  });
}

/** Called when the member closes the recovery codes: only then does the screen move on. */
export function useFinishTotp() {
  return useRefreshTotp();
}

export function useDisableTotp() {
  const refresh = useRefreshTotp();
  return useMutation({
    mutationFn: (body: { otpCode: string; second_password: string }) =>
      api.post<{ enrolled: boolean }>('/totp/disable', body),
    onSuccess: () => refresh(),
  });
}
