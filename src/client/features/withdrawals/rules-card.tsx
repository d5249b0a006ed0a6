import { formatDateTime, formatWon } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member-flows';
import { Fact } from '../../components/fact';
import { useWithdrawalRules } from '../../lib/use-wallet-queries';
import '../../components/withdrawal-rules.css';

const R = MSG.wrules;

/**
 * What is left of today's limit (and, for crypto, the hold after a KRW deposit), above the form: two
 * label–value rows, what is left and the limit itself, each on one line on a 360 px screen.
 */
export function RulesCard({ kind }: { kind: 'crypto' | 'krw' }) {
  const rules = useWithdrawalRules();
  if (rules.isError) return <p className="field-hint">{R.loadFailed}</p>;
  const r = rules.data;
  if (!r) return null;
  const lim = kind === 'krw' ? r.krw : r.crypto;
  return (
    <div className="rules-card" data-testid={`rules-${kind}`}>
      <dl className="facts rules-limit">
        <div className="facts-strong">
          <dt>{R.limitLeftLabel}</dt>
          <dd data-testid="limit-left">{formatWon(lim.remaining)}</dd>
        </div>
        <Fact label={kind === 'krw' ? R.limitKrwLabel : R.limitCryptoLabel} testId="limit">
          {formatWon(lim.limit)}
        </Fact>
      </dl>
      {kind === 'crypto' && r.krw_deposit_hold_until ? (
        <p className="field-hint rules-hold" role="note" data-testid="krw-hold">
          {R.holdUntil(formatDateTime(r.krw_deposit_hold_until, false))}
        </p>
      ) : null}
    </div>
  );
}
