import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import type { SignInActivityItem } from '../../../shared/schemas/auth-events';
import { describeDevice } from '../../../shared/user-agent';
import { api } from '../../lib/api';
import { describeEvent } from '../../lib/describe-event';
import { ProfileCard } from './profile-card';

const E = MSG.authEvents;

/** The last 5 at first; 더 보기 shows the rest of the 20 the server sends. */
const FIRST = 5;

const SIGN_IN_ACTIVITY_KEY = ['profile', 'sign-in-activity'] as const;

/** The member's last authentication events (GET /api/profile/sign-in-activity), newest first. */
export function useSignInActivity() {
  return useQuery({
    queryKey: SIGN_IN_ACTIVITY_KEY,
    queryFn: () =>
      api.get<{ items: SignInActivityItem[] }>('/profile/sign-in-activity', {
        handlesSessionEnd: true,
        schema: 'signInActivity',
      }),
  });
}

/** My page's "최근 로그인 활동": the member's last authentication events, newest first, 5 at first. */
export function SignInActivitySection() {
  const [all, setAll] = useState(false);
  const q = useSignInActivity();
  return (
    <ProfileCard title={E.title}>
      <p className="profile-activity-hint">{E.hint}</p>
      {q.isPending ? null : q.isError ? (
        <p role="alert">{E.loadFailed}</p>
      ) : q.data.items.length === 0 ? (
        <p>{E.empty}</p>
      ) : (
        <ul className="profile-activity" data-testid="sign-in-activity">
          {(all ? q.data.items : q.data.items.slice(0, FIRST)).map((e) => (
            <li key={e.id} className="profile-activity-item">
              <span className={e.success ? 'profile-activity-ok' : 'profile-activity-fail'}>
                {/* A completed sign-in comes as one login row (the server pairs its two steps). */}
                {describeEvent(e)}
              </span>
              <span className="profile-activity-meta">
                <time dateTime={e.created_at}>{formatDateTime(e.created_at, false)}</time>
                <span>{describeDevice(e.user_agent) ?? E.unknownDevice}</span>
              </span>
              <span className="profile-activity-meta">
                {E.address} {e.ip ?? E.unknownAddress}
              </span>
            </li>
          ))}
        </ul>
      )}
      {q.data && q.data.items.length > FIRST ? (
        <button
          type="button"
          className="btn-link profile-activity-more"
          aria-expanded={all}
          onClick={() => setAll(!all)}
        >
          {all ? MSG.signIns.less : MSG.signIns.more}
        </button>
      ) : null}
    </ProfileCard>
  );
}
