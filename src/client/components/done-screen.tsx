import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './done-screen.css';

/**
 * The end of a money request, deposit or withdrawal alike: a check mark, the title, the amount (read
 * out after `amountLabel` when there is one), what happens next (`body`, then any facts as `children`),
 * and two ways on: the record in 내역 first, then `back`.
 */
export function DoneScreen(props: {
  testId: string;
  title: string;
  amount: string;
  amountLabel?: string;
  body: string;
  children?: ReactNode;
  history: { to: string; label: string };
  back: { to: string; label: string };
}) {
  return (
    <section className="page done-screen" data-testid={props.testId}>
      <div className="done-screen-mark" aria-hidden="true">
        ✓
      </div>
      <h1 className="page-title">{props.title}</h1>
      <p className="done-screen-amount">
        {props.amountLabel ? <span className="sr-only">{props.amountLabel} </span> : null}
        {props.amount}
      </p>
      <p>{props.body}</p>
      {props.children}
      <Link className="btn btn-primary btn-block" to={props.history.to}>
        {props.history.label}
      </Link>
      <Link className="btn btn-secondary btn-block" to={props.back.to}>
        {props.back.label}
      </Link>
    </section>
  );
}
