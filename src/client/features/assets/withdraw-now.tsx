import type { BalanceCurrency } from '../../../shared/constants';
import { D, type Dec, maxDec, ZERO } from '../../../shared/decimal';
import { formatKst } from '../../../shared/exchanges';
import { MSG } from '../../../shared/messages/member';
import type { BalanceView } from '../../../shared/schemas/balances';
import type { Prices } from '../../../shared/schemas/prices';
import type { WithdrawalRulesView } from '../../../shared/schemas/withdrawal-rules';
import { usePrices, useWithdrawalRules } from '../../lib/use-wallet-queries';
import '../../components/withdrawal-rules.css';

const R = MSG.wrules;

/**
 * What can leave now (to an external wallet, or a bank account for KRW): the available balance, at most
 * what is left of today's limit at the current price, and nothing during the hold after a KRW deposit.
 */
function withdrawableNow(
  asset: BalanceCurrency,
  available: Dec,
  rules: WithdrawalRulesView,
  prices: Prices | undefined,
  now = Date.now(),
): Dec {
  if (asset === 'KRW') return D.min(available, new D(rules.krw.remaining));
  if (rules.krw_deposit_hold_until && new Date(rules.krw_deposit_hold_until).getTime() > now) return ZERO;
  const price = prices?.items.find((i) => i.symbol === asset)?.krw_price;
  if (!price || new D(price).lte(0)) return available;
  const byLimit = new D(rules.crypto.remaining).div(price).toDecimalPlaces(8, D.ROUND_FLOOR);
  return maxDec(D.min(available, byLimit), ZERO);
}

export function WithdrawNow(props: {
  asset: BalanceCurrency;
  b: BalanceView;
  text: (currency: BalanceCurrency, amount: string) => string;
}) {
  const rules = useWithdrawalRules();
  const prices = usePrices();
  if (!rules.data) return null;
  const now = withdrawableNow(props.asset, new D(props.b.available), rules.data, prices.data);
  const hold =
    props.asset !== 'KRW' && rules.data.krw_deposit_hold_until ? rules.data.krw_deposit_hold_until : null;
  return (
    <div className="asset-card withdraw-now" data-testid="withdraw-now">
      <p className="asset-card-label">{R.nowTitle}</p>
      <dl className="asset-rows">
        <div className="asset-row">
          <dt>{R.pendingLabel}</dt>
          <dd data-testid="now-pending">{props.text(props.asset, props.b.held)}</dd>
        </div>
        <div className="asset-row">
          <dt>{R.heldLabel}</dt>
          <dd data-testid="now-locked">{props.text(props.asset, props.b.locked)}</dd>
        </div>
        <div className="asset-row">
          <dt>
            <strong>{R.nowLabel}</strong>
          </dt>
          <dd data-testid="now-available">
            <strong>{props.text(props.asset, now.toFixed())}</strong>
          </dd>
        </div>
      </dl>
      <p className="field-hint">{R.nowHelp}</p>
      {hold ? (
        <p className="field-hint rules-hold" role="note">
          {R.holdUntil(formatKst(hold))}
        </p>
      ) : null}
    </div>
  );
}
