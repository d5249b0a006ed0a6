import { BALANCE_CURRENCIES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { QUEUE_PROPOSALS, QUEUE_TYPES, QUEUE_VERDICTS } from '../../../shared/schemas/desk-queue';
import { SelectFilter } from './fields';
import { NO_FILTERS, type QueueFilters } from './queue-api';

const F = MSG.deskQueue.filters;
const Q = MSG.deskQueue;

const ALL = ['', F.all] as const;
/** The queue's choices: which filter, its name and its options (all but the order may be left open). */
const CHOICES: readonly {
  key: keyof QueueFilters;
  label: string;
  options: readonly (readonly [string, string])[];
}[] = [
  { key: 'type', label: F.type, options: [ALL, ...QUEUE_TYPES.map((t) => [t, Q.types[t] ?? t] as const)] },
  { key: 'currency', label: F.currency, options: [ALL, ...BALANCE_CURRENCIES.map((c) => [c, c] as const)] },
  {
    key: 'verdict',
    label: F.verdict,
    options: [ALL, ...QUEUE_VERDICTS.map((v) => [v, Q.verdicts[v] ?? v] as const)],
  },
  {
    key: 'proposal',
    label: F.proposal,
    options: [ALL, ...QUEUE_PROPOSALS.map((p) => [p, Q.proposals[p] ?? p] as const)],
  },
  { key: 'order', label: F.sort, options: Object.entries(Q.sorts) },
];

/** The queue's filters and order; each change reads the queue again from the server. */
export function QueueFilterBar({
  value,
  onChange,
}: {
  value: QueueFilters;
  onChange: (f: QueueFilters) => void;
}) {
  return (
    <fieldset className="dq-filters">
      <legend className="sr-only">{F.label}</legend>
      {CHOICES.map(({ key, label, options }) => (
        <SelectFilter
          key={key}
          label={label}
          value={value[key]}
          options={options}
          onChange={(v) => onChange({ ...value, [key]: v })}
        />
      ))}
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(NO_FILTERS)}>
        {F.reset}
      </button>
    </fieldset>
  );
}
