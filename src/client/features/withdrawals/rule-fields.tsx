import { useQueryClient } from '@tanstack/react-query';
import type { UseFormRegister } from 'react-hook-form';
import { amountProblem, D } from '../../../shared/decimal';
import { EXCHANGES, exchangeName } from '../../../shared/exchanges';
import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member-flows';
import type { CryptoWithdrawalBody } from '../../../shared/schemas/withdrawals';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { RULES_KEY, usePrices, useWithdrawalRules } from '../../lib/use-wallet-queries';
import '../../components/withdrawal-rules.css';

const R = MSG.wrules;

export function useRefreshRules() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: RULES_KEY });
}

/** Whether the typed amount reaches the travel-rule threshold at the current price (the server decides again). */
export function useTravelRuleNeeded(currency: string, amountText: string, external: boolean) {
  const rules = useWithdrawalRules();
  const prices = usePrices();
  const threshold = rules.data?.travel_rule_threshold_krw ?? null;
  const item = prices.data?.items.find((i) => i.symbol === currency);
  if (!external || threshold === null || !item || amountProblem(amountText.replaceAll(',', ''), 8) !== null) {
    return { needed: false, threshold: threshold ?? '0' };
  }
  const value = new D(amountText.replaceAll(',', '')).times(item.krw_price);
  return { needed: value.gte(threshold), threshold };
}

type WithdrawForm = Required<{ [K in keyof CryptoWithdrawalBody]: NonNullable<CryptoWithdrawalBody[K]> }>;

/**
 * The travel rule's fields: the recipient's name and the receiving exchange or a declared personal wallet.
 * What the chosen address-book entry holds is shown, not asked: an own wallet is the member's own (name
 * and declaration), an exchange's wallet names its exchange.
 */
export function TravelRuleFields(props: {
  threshold: string;
  register: UseFormRegister<WithdrawForm>;
  exchange: string;
  name: string;
  entryKind: 'own' | 'exchange' | null;
  errors: { name?: string; exchange?: string; declared?: string };
}) {
  const { register, errors } = props;
  if (props.entryKind === 'own' && props.name && !errors.name && !errors.exchange && !errors.declared) {
    return (
      <fieldset className="travel-rule" data-testid="travel-rule">
        <legend>{R.travelTitle}</legend>
        <p className="field-hint">{R.travelFromBook(props.name, R.personalWallet)}</p>
      </fieldset>
    );
  }
  const exchangeKnown = props.entryKind === 'exchange' && props.exchange !== '' && !errors.exchange;
  return (
    <fieldset className="travel-rule" data-testid="travel-rule">
      <legend>{R.travelTitle}</legend>
      <p className="field-hint">{R.travelNotice(formatKrw(props.threshold))}</p>
      <Field
        label={R.travelNameLabel}
        autoComplete="off"
        {...register('travel_rule_name')}
        error={errors.name}
      />
      {exchangeKnown ? (
        <p className="field-hint">{R.travelExchangeFromBook(exchangeName(props.exchange))}</p>
      ) : (
        <SelectField
          label={R.travelExchangeLabel}
          {...register('travel_rule_exchange')}
          error={errors.exchange}
        >
          <option value="">{R.travelExchangeInvalid}</option>
          {EXCHANGES.map((x) => (
            <option key={x.code} value={x.code}>
              {x.name}
            </option>
          ))}
          <option value="personal">{R.personalWallet}</option>
        </SelectField>
      )}
      {props.exchange === 'personal' ? (
        <div>
          <label className="check">
            <input type="checkbox" {...register('travel_rule_declared')} />
            <span>{R.travelDeclareLabel}</span>
          </label>
          {errors.declared ? (
            <p className="field-error" role="alert">
              {errors.declared}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
