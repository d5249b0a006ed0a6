import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '../../../shared/messages/member';
import { rememberLoginHint, SESSION_KEY } from '../../lib/session';
import { toast } from '../../lib/toast';

/** SPEC §5: password and second-password actions without a loaded profile say 'please log in first'. */
export function useLoginFirst() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    toast.error(MSG.profile.loginFirst, { id: 'login-first' });
    rememberLoginHint(null);
    qc.setQueryData(SESSION_KEY, null);
    navigate('/login', { replace: true });
  }, [qc, navigate]);
}
