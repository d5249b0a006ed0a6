import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../shared/messages/member';
import type { SignInActivityItem } from '../../../shared/schemas/auth-events';
import { describeDevice } from '../../../shared/user-agent';
import { api } from '../../lib/api';
import { describeEvent } from '../../lib/describe-event';
import { ProfileCard } from './profile-card';

const E = MSG.authEvents;

/** SPEC: dates in the Korean locale, in Korean time (as the history screen shows them). */
const DATE = new Intl.DateTimeFormat('ko-KR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Seoul',
});

const SIGN_IN_ACTIVITY_KEY = ['profile', 'sign-in-activity'] as const;

/** My page's "최근 로그인 활동": the member's last 20 authentication events, newest first. */
export function SignInActivitySection() {
  const q = useQuery({
    queryKey: SIGN_IN_ACTIVITY_KEY,
    queryFn: () =>
      api.get<{ items: SignInActivityItem[] }>('/profile/sign-in-activity', {
        handlesSessionEnd: true,
        schema: 'signInActivity',
      }),
  });
  return (
    <ProfileCard id="profile-activity-title" title={E.title}>
      <p className="profile-activity-hint">{E.hint}</p>
      {q.isPending ? null : q.isError ? (
        <p role="alert">{E.loadFailed}</p>
      ) : q.data.items.length === 0 ? (
        <p>{E.empty}</p>
      ) : (
        <ul className="profile-activity" data-testid="sign-in-activity">
          {q.data.items.map((e) => (
            <li key={e.id} className="profile-activity-item">
              <div className="profile-activity-line">
                <span className={e.success ? 'profile-activity-ok' : 'profile-activity-fail'}>
                  {describeEvent(e)}
                </span>
                <time dateTime={e.created_at}>{DATE.format(new Date(e.created_at))}</time>
              </div>
              <div className="profile-activity-meta">
                <span>
                  {E.address} {e.ip ?? E.unknownAddress}
                </span>
                <span>{describeDevice(e.user_agent) ?? E.unknownDevice}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ProfileCard>
  );
}
