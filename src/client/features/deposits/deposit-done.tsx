import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages/member-flows';
import './deposits.css';

const S = MSG.depositScreen.done;

/**
 * The end of a deposit request: what happens next (`body`, and the facts the member needs, `children`),
 * the amount asked for, the way to the record (내역 보기) and back to the asset.
 */
export function DepositDone(props: {
  title: string;
  body: string;
  amount: string;
  currency: string;
  children?: ReactNode;
}) {
  return (
    <section className="page deposit-done" data-testid="deposit-done">
      <div className="deposit-done-mark" aria-hidden="true">
        ✓
      </div>
      <h1 className="page-title">{props.title}</h1>
      <p className="deposit-done-amount">
        <span className="sr-only">{S.amount} </span>
        {props.amount}
      </p>
      <p>{props.body}</p>
      {props.children}
      <Link className="btn btn-primary btn-block" to={`/assets/history?asset=${props.currency}`}>
        {S.viewHistory}
      </Link>
      <Link className="btn btn-secondary btn-block" to={`/assets/${props.currency}`}>
        {S.toAsset(props.currency)}
      </Link>
    </section>
  );
}
