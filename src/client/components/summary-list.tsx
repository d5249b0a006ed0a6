import './money-ui.css';

export interface SummaryRow {
  label: string;
  value: string;
  strong?: boolean;
}

/** Label / value rows of a request summary (balance, fee, expected payout …). */
export function SummaryList({ title, rows }: { title: string; rows: SummaryRow[] }) {
  return (
    <section className="summary" aria-label={title}>
      <dl>
        {rows.map((r) => (
          <div key={r.label} className={r.strong ? 'summary-row summary-strong' : 'summary-row'}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
