import { formatDateTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages';

const T = MSG.accountTrust;

/**
 * 최근 계정 복구: the member's password or second password was reset or recovered within 30 days, so
 * whoever took part approves none of their requests (the server refuses it) and everyone looks twice.
 */
export function RecoveryBadge({ at }: { at: string | null }) {
  if (!at) return null;
  const when = formatDateTime(at, false);
  return (
    <span className="adm-badge is-bad" title={T.recentRecoveryTitle(when)} data-testid="recent-recovery">
      {T.recentRecovery} {when}
    </span>
  );
}
