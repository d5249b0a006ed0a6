import { useId } from 'react';
import { BALANCE_CURRENCIES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { QUEUE_PROPOSALS, QUEUE_TYPES, QUEUE_VERDICTS } from '../../../shared/schemas/desk-queue';
import { NO_FILTERS, type QueueFilters } from './queue-api';

const F = MSG.deskQueue.filters;
const Q = MSG.deskQueue;

function Pick({
  label,
  value,
  options,
  onChange,
  all = true,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (v: string) => void;
  all?: boolean;
}) {
  const id = useId();
  return (
    <div className="dq-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {all ? <option value="">{F.all}</option> : null}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The queue's filters and order; each change reads the queue again from the server. */
export function QueueFilterBar({
  value,
  onChange,
}: {
  value: QueueFilters;
  onChange: (f: QueueFilters) => void;
}) {
  const set = (k: keyof QueueFilters) => (v: string) => onChange({ ...value, [k]: v });
  return (
    <fieldset className="dq-filters">
      <legend className="sr-only">{F.label}</legend>
      <Pick
        label={F.type}
        value={value.type}
        options={QUEUE_TYPES.map((t) => [t, Q.types[t] ?? t])}
        onChange={set('type')}
      />
      <Pick
        label={F.currency}
        value={value.currency}
        options={BALANCE_CURRENCIES.map((c) => [c, c])}
        onChange={set('currency')}
      />
      <Pick
        label={F.verdict}
        value={value.verdict}
        options={QUEUE_VERDICTS.map((v) => [v, Q.verdicts[v] ?? v])}
        onChange={set('verdict')}
      />
      <Pick
        label={F.proposal}
        value={value.proposal}
        options={QUEUE_PROPOSALS.map((p) => [p, Q.proposals[p] ?? p])}
        onChange={set('proposal')}
      />
      <Pick
        label={F.sort}
        value={value.order}
        all={false}
        options={Object.entries(Q.sorts)}
        onChange={set('order')}
      />
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(NO_FILTERS)}>
        {F.reset}
      </button>
    </fieldset>
  );
}
