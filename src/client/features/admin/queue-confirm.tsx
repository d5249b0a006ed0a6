import { useState } from 'react';
import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import type { QueueRow } from '../../../shared/schemas/desk-queue';
import { ChainVerdict } from './chain-verdict';
import { exact } from './format';
import { BusyButton } from './kit';
import { Modal, type RowDialogProps } from './modal';
import { UnattributedBadge } from './queue-row';
import { StepUpCodeField, useStepUpUntil } from './step-up-note';

const Q = MSG.deskQueue;
const C = Q.confirmCard;

/**
 * The second administrator's card of a proposed approval: the whole request as the proposer saw it, the
 * one-time code the server requires of a confirmation (none while this session's confirmation window is
 * open), and 확인 / 반려 (반려 then asks its reason).
 */
export function ConfirmCard({
  row,
  busy,
  onConfirm,
  onRefuse,
  onCancel,
}: RowDialogProps<QueueRow, string> & { onRefuse: () => void }) {
  const [otp, setOtp] = useState('');
  const until = useStepUpUntil();
  const close = () => {
    setOtp('');
    onCancel();
  };
  return (
    <Modal open={row !== null} title={C.title} onClose={close}>
      {row ? (
        <div className="dq-card" data-request-id={row.id}>
          <p>{C.proposedBy(row.proposal?.proposed_by_username ?? '')}</p>
          <dl className="dq-card-meta">
            <dt>{Q.columns.kind}</dt>
            <dd>{Q.types[row.kind]}</dd>
            <dt>{Q.columns.member}</dt>
            <dd>{row.username}</dd>
            <dt>{C.amount}</dt>
            <dd className="adm-num">
              {exact(row.amount)} {row.currency}
            </dd>
            <dt>{C.krw}</dt>
            <dd className="adm-num">{formatKrw(row.krw_value)}원</dd>
            {row.network ? (
              <>
                <dt>{Q.drawer.network}</dt>
                <dd>{row.network}</dd>
              </>
            ) : null}
            {row.address ? (
              <>
                <dt>{C.address}</dt>
                <dd>
                  <code className="adm-code">{row.address}</code>
                  {row.network === 'XRPL' ? ` · ${Q.tagLine(row.tag)}` : ''}
                </dd>
              </>
            ) : null}
            <dt>{C.verdict}</dt>
            <dd>
              {row.chain ? <ChainVerdict chain={row.chain} /> : Q.verdicts.none} <UnattributedBadge r={row} />
            </dd>
          </dl>
          {row.before_assignment ? <p className="dq-unattributed">{Q.unattributed.why}</p> : null}
          <StepUpCodeField until={until} label={C.otpLabel} value={otp} onChange={setOtp} />
          <div className="adm-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              {Q.cancel}
            </button>
            <BusyButton busy={busy} label={Q.refuse} className="btn btn-danger" onClick={onRefuse} />
            <BusyButton
              busy={busy}
              label={Q.confirm}
              className="btn btn-primary"
              onClick={() => {
                onConfirm(otp.trim());
                setOtp('');
              }}
            />
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
