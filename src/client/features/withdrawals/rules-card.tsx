import { formatKst } from '../../../shared/exchanges';
import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member-flows';
import { useWithdrawalRules } from '../../lib/use-wallet-queries';
import '../../components/withdrawal-rules.css';

const R = MSG.wrules;

/** What is left of today's limit (and, for crypto, the hold after a KRW deposit), above the form. */
export function RulesCard({ kind }: { kind: 'crypto' | 'krw' }) {
  const rules = useWithdrawalRules();
  if (rules.isError) return <p className="field-hint">{R.loadFailed}</p>;
  const r = rules.data;
  if (!r) return null;
  const lim = kind === 'krw' ? r.krw : r.crypto;
  const text =
    kind === 'krw'
      ? R.limitLeftKrw(formatKrw(lim.remaining), formatKrw(lim.limit))
      : R.limitLeftCrypto(formatKrw(lim.remaining), formatKrw(lim.limit));
  return (
    <div className="rules-card" data-testid={`rules-${kind}`}>
      <p className="field-hint">{text}</p>
      {kind === 'crypto' && r.krw_deposit_hold_until ? (
        <p className="field-hint rules-hold" role="note" data-testid="krw-hold">
          {R.holdUntil(formatKst(r.krw_deposit_hold_until))}
        </p>
      ) : null}
    </div>
  );
}
