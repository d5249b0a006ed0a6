import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import { api } from '../../lib/api';
import { useAdminMutation } from './api';
import { AskButton, closeAndReport } from './kit';
import { ConfirmDialog } from './modal';
import { ResultMessage, useResult } from './result-message';
import { Section } from './section';

const S = MSG.deskRecords.security;

const isProposal = (data: unknown) => typeof data === 'object' && data !== null && 'proposal' in data;

/**
 * Resetting a member's one-time-code enrolment (a lost phone): the member enrols again at the next
 * sign-in. For an administrator the server files it as a proposal a second administrator confirms.
 */
export function OtpSection({ detail }: { detail: MemberDetail }) {
  const result = useResult();
  const [asking, setAsking] = useState(false);
  const reset = useAdminMutation(() =>
    api.post<unknown>(`/admin/members/${detail.member.id}/totp-reset`, {}),
  );
  const close = () => setAsking(false);
  return (
    <Section title={S.otpTitle}>
      <p className="adm-muted">{S.otpResetHint}</p>
      <div className="adm-actions">
        <AskButton label={S.otpReset} result={result} onAsk={() => setAsking(true)} />
      </div>
      <ConfirmDialog
        open={asking}
        title={S.otpReset}
        body={S.otpResetConfirm(detail.member.username)}
        confirmLabel={S.otpReset}
        danger
        busy={reset.isPending}
        onCancel={close}
        onConfirm={() =>
          reset.mutate(
            undefined,
            closeAndReport(
              close,
              result,
              (data: unknown) => (isProposal(data) ? MSG.proposals.proposed : S.otpResetDone),
              S.otpResetFailed,
            ),
          )
        }
      />
      <ResultMessage text={result.text} />
    </Section>
  );
}
