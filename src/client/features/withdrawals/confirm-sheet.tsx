import { useEffect, useRef } from 'react';
import { MSG } from '../../../shared/messages/member-flows';
import { BottomSheet } from '../../components/bottom-sheet';
import { DoneScreen } from '../../components/done-screen';
import './withdrawals.css';

const S = MSG.steps;

/**
 * The confirmation sheet: every fact the member commits to, from the bottom of the screen. Esc or a tap
 * beside it cancels; focus starts on the confirm button.
 */
export interface ConfirmRow {
  label: string;
  value: string;
  strong?: boolean;
}

export function ConfirmSheet(props: { rows: ConfirmRow[]; onCancel: () => void; onConfirm: () => void }) {
  const confirm = useRef<HTMLButtonElement>(null);
  // Runs after the sheet's own effect has opened the dialog (a child's effects run first).
  useEffect(() => confirm.current?.focus(), []);
  return (
    <BottomSheet title={S.confirmTitle} onClose={props.onCancel} testId="confirm-sheet">
      <dl className="facts wd-preview">
        {props.rows.map((r) => (
          <div key={r.label} className={r.strong ? 'facts-strong' : undefined}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
      <p className="field-hint">{MSG.withdraw.notices[0]}</p>
      <div className="sheet-actions">
        <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
          {MSG.pin.cancel}
        </button>
        <button ref={confirm} type="button" className="btn btn-primary" onClick={props.onConfirm}>
          {S.submit}
        </button>
      </div>
    </BottomSheet>
  );
}

/** The end of a withdrawal: what happens next (`next`), and the way to the record. */
export function WithdrawalDone({
  amount,
  currency,
  next,
}: {
  amount: string;
  currency: string;
  next: string;
}) {
  return (
    <DoneScreen
      testId="withdraw-done"
      title={S.doneTitle}
      amount={amount}
      body={next}
      history={{ to: `/assets/history?asset=${currency}`, label: S.viewHistory }}
      back={{ to: '/main', label: S.goHome }}
    />
  );
}
