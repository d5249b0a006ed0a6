import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '../../shared/messages/member';
import type { SessionInfo, SessionUser } from '../../shared/schemas/session';
import { api } from './api';
import { SESSION_KEY, sessionQuery } from './queries';
import { toast } from './toast';

export type { SessionInfo, SessionUser };
export { SESSION_KEY };

/** SPEC's browser storage keys stay as UI hints only; the server's session cookie decides everything. */
const LOGIN_HINT_KEYS = ['isLoggedIn', 'userProfile', 'user_id', 'temp_user_id', 'isAdminAuthenticated'];

export function rememberLoginHint(user: SessionUser | null) {
  try {
    if (user) {
      localStorage.setItem('isLoggedIn', 'true');
      localStorage.setItem(
        'userProfile',
        JSON.stringify({ username: user.username, full_name: user.full_name }),
      );
    } else {
      for (const k of LOGIN_HINT_KEYS) localStorage.removeItem(k);
    }
  } catch {
    // storage may be unavailable (private mode); the hint is optional
  }
}

/** The current session, or null when logged out. */
export function useSession() {
  return useQuery(sessionQuery);
}

/** After a change the session shows too (email, second password, one-time codes): `key` and the session. */
export function useRefreshWithSession(key: readonly string[]) {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: key }), qc.invalidateQueries({ queryKey: SESSION_KEY })]);
}

function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ loggedOut: boolean }>('/logout'),
    onSettled: () => {
      rememberLoginHint(null);
      qc.clear();
      qc.setQueryData(SESSION_KEY, null);
    },
  });
}

/** The logout buttons (member header, my page, administrator header): log out, say so, go to /login. */
export function useLogoutToLogin() {
  const logout = useLogout();
  const navigate = useNavigate();
  const run = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        toast.success(MSG.shell.loggedOut);
        navigate('/login', { replace: true });
      },
    });
  return { run, isPending: logout.isPending };
}
