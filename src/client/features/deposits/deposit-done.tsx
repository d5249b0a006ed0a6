import type { ReactNode } from 'react';
import { MSG } from '../../../shared/messages/member-flows';
import { DoneScreen } from '../../components/done-screen';

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
    <DoneScreen
      testId="deposit-done"
      title={props.title}
      amount={props.amount}
      amountLabel={S.amount}
      body={props.body}
      history={{ to: `/assets/history?asset=${props.currency}`, label: S.viewHistory }}
      back={{ to: `/assets/${props.currency}`, label: S.toAsset(props.currency) }}
    >
      {props.children}
    </DoneScreen>
  );
}
