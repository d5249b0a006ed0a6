import { useId, useState } from 'react';
import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../../shared/constants';
import { D } from '../../../shared/decimal';
import { MSG } from '../../../shared/messages';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import { api } from '../../lib/api';
import { useAdminMutation } from './api';
import { exact } from './format';
import { BusyButton } from './kit';
import { ResultMessage, useResult } from './result-message';

const J = MSG.deskRecords.adjust;

/** The server answers 202 with `{ proposal }` when a second administrator must confirm. */
const isProposal = (data: unknown) => typeof data === 'object' && data !== null && 'proposal' in data;

/** What the administrator types, digits grouped as they go ("1234567.5" shows "1,234,567.5"). */
function groupTyped(text: string): string {
  const plain = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = plain.split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rest.length ? `${grouped}.${rest.join('')}` : grouped;
}

/** The balance after the adjustment, or null while the amount is not a number yet. */
function afterOf(total: string, sign: '+' | '-', typed: string) {
  const plain = typed.replaceAll(',', '');
  if (!/^\d+(\.\d+)?$/.test(plain)) return null;
  return sign === '+' ? new D(total).plus(plain) : new D(total).minus(plain);
}

/**
 * A balance change as a +/− adjustment with a mandatory reason and a before/after preview: recorded as its
 * own ledger entry, never as a new total typed over the old one. Past the four-eyes thresholds the server
 * answers with a proposal, and the form says so plainly.
 */
export function AdjustmentForm({ detail }: { detail: MemberDetail }) {
  const id = useId();
  const result = useResult();
  const [currency, setCurrency] = useState<BalanceCurrency>('KRW');
  const [sign, setSign] = useState<'+' | '-'>('+');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const total = detail.balances.find((b) => b.currency === currency)?.total ?? '0';
  const after = afterOf(total, sign, amount);
  const send = useAdminMutation((body: { currency: string; delta: string; reason: string }) =>
    api.post<unknown>(`/admin/members/${detail.member.id}/adjustments`, body),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    result.clear();
    const next: typeof errors = {};
    if (!amount) next.amount = J.amountRequired;
    else if (!after) next.amount = J.amountInvalid;
    else if (after.isNegative()) next.amount = J.belowZero;
    if (reason.trim().length === 0) next.reason = J.reasonRequired;
    setErrors(next);
    if (next.amount || next.reason) return;
    const body = { currency, delta: `${sign}${amount.replaceAll(',', '')}`, reason: reason.trim() };
    send.mutate(body, {
      onSuccess: (data) => {
        result.set(isProposal(data) ? J.proposed : J.applied);
        setAmount('');
        setReason('');
      },
      onError: (err) => result.fail(J.failed, err),
    });
  };

  const field = (name: 'amount' | 'reason') =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};
  return (
    <form className="adm-adjust" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="adm-subtitle">
        {J.title}
      </h3>
      <p className="adm-muted">{J.hint}</p>
      <div className="adm-adjust-row">
        <label className="adm-filter">
          <span>{J.currency}</span>
          <select
            className="adm-input"
            value={currency}
            onChange={(e) => setCurrency(e.target.value as BalanceCurrency)}
          >
            {BALANCE_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="adm-adjust-sign">
          <legend>{J.direction}</legend>
          {(['+', '-'] as const).map((s) => (
            <label key={s} className={`adm-sign ${sign === s ? 'is-on' : ''}`}>
              <input type="radio" name={`${id}-sign`} checked={sign === s} onChange={() => setSign(s)} />
              {s === '+' ? J.plus : J.minus}
            </label>
          ))}
        </fieldset>
        <label className="adm-filter adm-adjust-amount">
          <span>{J.amount}</span>
          <input
            className="adm-input num"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => {
              setAmount(groupTyped(e.target.value));
              setErrors((x) => ({ ...x, amount: undefined }));
            }}
            {...field('amount')}
          />
        </label>
      </div>
      {errors.amount ? (
        <p id={`${id}-amount-error`} className="field-error" role="alert">
          {errors.amount}
        </p>
      ) : null}
      <label className="adm-filter adm-adjust-reason">
        <span>{J.reason}</span>
        <input
          className="adm-input"
          value={reason}
          maxLength={200}
          placeholder={J.reasonPlaceholder}
          onChange={(e) => {
            setReason(e.target.value);
            setErrors((x) => ({ ...x, reason: undefined }));
          }}
          {...field('reason')}
        />
      </label>
      {errors.reason ? (
        <p id={`${id}-reason-error`} className="field-error" role="alert">
          {errors.reason}
        </p>
      ) : null}
      <p className="adm-adjust-preview" data-testid="adjust-preview" aria-live="polite">
        {J.preview(currency, exact(total), after && !after.isNegative() ? exact(after.toFixed()) : '—')}
      </p>
      <div className="adm-actions">
        <BusyButton busy={send.isPending} label={J.submit} />
      </div>
      <ResultMessage text={result.text} />
    </form>
  );
}
