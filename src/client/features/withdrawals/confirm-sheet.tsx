import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages/member-flows';
import './withdrawals.css';

const S = MSG.steps;

/** The confirmation sheet: every fact the member commits to, from the bottom of the screen. */
export function ConfirmSheet(props: {
  rows: { label: string; value: string; strong?: boolean }[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      if (ev.key === 'Escape') props.onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [props.onCancel]);
  return (
    <div className="sheet-backdrop">
      <div
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="wd-confirm-title"
        data-testid="confirm-sheet"
      >
        <h2 id="wd-confirm-title" className="wd-step-title">
          {S.confirmTitle}
        </h2>
        <dl className="wd-preview">
          {props.rows.map((r) => (
            <div key={r.label} className={r.strong ? 'wd-strong' : undefined}>
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
        <p className="field-hint">{MSG.withdraw.notices[0]}</p>
        <div className="pin-actions">
          <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
            {MSG.pin.cancel}
          </button>
          <button ref={first} type="button" className="btn btn-primary" onClick={props.onConfirm}>
            {S.submit}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The end of a withdrawal: what happens next, and the way to the record. */
export function DoneScreen({ amount, currency }: { amount: string; currency: string }) {
  return (
    <section className="page wd-done" data-testid="withdraw-done">
      <div className="wd-done-mark" aria-hidden="true">
        ✓
      </div>
      <h1 className="page-title">{S.doneTitle}</h1>
      <p>{S.doneBody}</p>
      <p className="wd-done-amount">{amount}</p>
      <Link className="btn btn-primary btn-block" to={`/assets/history?asset=${currency}`}>
        {S.viewHistory}
      </Link>
      <Link className="btn btn-secondary btn-block" to="/main">
        {S.goHome}
      </Link>
    </section>
  );
}
