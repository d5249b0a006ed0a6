import { MSG } from '../../shared/messages/member';
import type { SignInActivityItem } from '../../shared/schemas/auth-events';

const E = MSG.authEvents;

/** "로그인 성공", "2차 비밀번호 확인 실패 (비밀번호 불일치)", … */
export function describeEvent(e: Pick<SignInActivityItem, 'kind' | 'success' | 'reason'>) {
  const head = `${E.kinds[e.kind]} ${e.success ? E.success : E.failure}`;
  return e.reason && !e.success ? `${head} (${E.reasons[e.reason]})` : head;
}
