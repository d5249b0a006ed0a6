import type { BalanceCurrency } from '../../../shared/constants';
import { D, type Dec, maxDec, ZERO } from '../../../shared/decimal';
import { formatAsset, formatDateTime, timeLeft } from '../../../shared/format';
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
): { amount: Dec; hold: string | null } {
  if (asset === 'KRW') return { amount: D.min(available, new D(rules.krw.remaining)), hold: null };
  if (rules.krw_deposit_hold_until && new Date(rules.krw_deposit_hold_until).getTime() > now)
    return { amount: ZERO, hold: rules.krw_deposit_hold_until };
  const price = prices?.items.find((i) => i.symbol === asset)?.krw_price;
  if (!price || new D(price).lte(0)) return { amount: available, hold: null };
  const byLimit = new D(rules.crypto.remaining).div(price).toDecimalPlaces(8, D.ROUND_FLOOR);
  return { amount: maxDec(D.min(available, byLimit), ZERO), hold: null };
}

/**
 * Shown only when less than the available balance can leave right now, with the reason: the hold after a
 * won deposit (until when, how long) or what is left of today's limit. It never restates the balance.
 */
export function WithdrawNow(props: { asset: BalanceCurrency; b: BalanceView }) {
  const rules = useWithdrawalRules();
  const prices = usePrices();
  if (!rules.data) return null;
  const available = new D(props.b.available);
  const { amount, hold } = withdrawableNow(props.asset, available, rules.data, prices.data);
  if (amount.gte(available)) return null;
  const left = hold ? timeLeft(hold) : null;
  return (
    <div className="asset-card withdraw-now" data-testid="withdraw-now" role="note">
      <dl className="facts withdraw-now-line">
        <div className="facts-strong">
          <dt>{R.nowLabel}</dt>
          <dd data-testid="now-available">{formatAsset(props.asset, amount.toFixed())}</dd>
        </div>
      </dl>
      <p className="field-hint rules-hold">
        {hold ? `${R.holdUntil(formatDateTime(hold, false))}${left ? ` · ${left}` : ''}` : R.nowHelp}
      </p>
    </div>
  );
}
