import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDeskTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import type { ProposalListView, ProposalView } from '../../../shared/schemas/proposals';
import { Spinner } from '../../components/spinner';
import { api } from '../../lib/api';
import { ADMIN_KEY, retryUnlessRefused, useAdminMutation } from './api';
import { BusyButton } from './kit';
import { ConfirmDialog } from './modal';
import { ReasonDialog } from './reason-dialog';
import { failureText, ResultMessage, useResult } from './result-message';
import { Section } from './section';
import { StepUpCodeField, useStepUpUntil } from './step-up-note';
import './proposals.css';

const P = MSG.proposals;
const W = MSG.deskWork;

/** Whether an administrator action's answer is a proposal (202) rather than the applied result. */
export const isProposal = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && 'proposal' in data;

/** The success line of an action that may have become a proposal (two-person approval, decision 0160). */
export const doneOrProposed = (data: unknown, done: string) => (isProposal(data) ? P.proposed : done);

const useProposals = () =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'proposals'],
    queryFn: ({ signal }) => api.get<ProposalListView>('/admin/proposals', { signal, schema: 'proposals' }),
    retry: retryUnlessRefused,
  });

type Action = 'confirm' | 'refuse' | 'withdraw';

/** A cancelled proposal says whether another administrator refused it (반려) or its proposer withdrew it. */
const statusLabel = (p: ProposalView) =>
  p.status !== 'cancelled'
    ? P.statuses[p.status]
    : p.decided_by_username === p.proposed_by_username
      ? P.withdrawnStatus
      : P.refusedStatus;

/**
 * What a proposal acts on, named as it is: the service's receiving account is no member (its row names
 * the proposer), and an administrator's role or one-time code is an administrator's.
 */
const target = (p: ProposalView): [string, string] =>
  p.kind === 'receiving_account.set'
    ? [W.target, W.serviceAccount]
    : p.kind === 'admin.revoke' || p.kind === 'totp.reset'
      ? [W.targetAdmin, p.member_username]
      : [P.member, p.member_username];

function ProposalCard({ p, onAct }: { p: ProposalView; onAct?: (action: Action) => void }) {
  return (
    <li className="adm-proposal" data-proposal-id={p.id}>
      <div className="adm-proposal-head">
        <strong>{P.kinds[p.kind] ?? p.kind}</strong>
        <span
          className={`adm-badge ${p.status === 'applied' ? 'is-ok' : p.status === 'pending' ? 'is-wait' : 'is-bad'}`}
        >
          {statusLabel(p)}
        </span>
      </div>
      <dl className="adm-proposal-meta">
        <dt>{target(p)[0]}</dt>
        <dd>{target(p)[1]}</dd>
        <dt>{P.proposedBy}</dt>
        <dd>
          {p.proposed_by_username} · {formatDeskTime(p.created_at)}
        </dd>
        {p.status === 'pending' ? (
          <>
            <dt>{P.expiresAt}</dt>
            <dd>{formatDeskTime(p.expires_at)}</dd>
          </>
        ) : p.decided_at ? (
          <>
            <dt>{P.decidedBy}</dt>
            <dd>
              {p.decided_by_username ?? '—'} · {formatDeskTime(p.decided_at)}
            </dd>
          </>
        ) : null}
        {p.decision_reason ? (
          <>
            <dt>{P.decisionReason}</dt>
            <dd>{p.decision_reason}</dd>
          </>
        ) : null}
      </dl>
      <ul className="adm-proposal-lines">
        {p.lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      {p.status === 'pending' && onAct ? (
        <div className="adm-actions">
          {p.mine ? (
            <>
              <span className="adm-muted">{P.yours}</span>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => onAct('withdraw')}>
                {P.withdraw}
              </button>
            </>
          ) : (
            <>
              <button type="button" className="btn btn-danger btn-sm" onClick={() => onAct('refuse')}>
                {P.refuse}
              </button>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => onAct('confirm')}>
                {P.confirm}
              </button>
            </>
          )}
        </div>
      ) : null}
    </li>
  );
}

/**
 * 승인 대기 제안: what waits for a second administrator — 확인 (with the one-time code of the moment) or
 * 반려 (with a reason) by another administrator, 철회 by its proposer — then the recent ones.
 */
export function ProposalsTab() {
  const list = useProposals();
  const result = useResult();
  const [acting, setActing] = useState<{ p: ProposalView; action: Action } | null>(null);
  const [otpCode, setOtpCode] = useState('');
  const until = useStepUpUntil();
  const act = useAdminMutation(
    ({ p, action, reason }: { p: ProposalView; action: Action; reason?: string }) =>
      action === 'confirm'
        ? api.post(`/admin/proposals/${p.id}/confirm`, otpCode.trim() ? { otpCode } : {})
        : api.post(`/admin/proposals/${p.id}/cancel`, reason ? { reason } : {}),
  );
  const close = () => {
    setActing(null);
    setOtpCode('');
  };
  const run = (reason?: string) => {
    if (!acting) return;
    const { action } = acting;
    act.mutate(
      { ...acting, reason },
      {
        onSuccess: () =>
          result.set(action === 'confirm' ? P.applied : action === 'refuse' ? P.refused : P.withdrawn),
        onError: (err) =>
          result.fail(
            action === 'confirm' ? P.failedConfirm : action === 'refuse' ? P.failedRefuse : P.failedWithdraw,
            err,
          ),
        onSettled: close,
      },
    );
  };
  const data = list.data;
  const refusing = acting?.action === 'refuse';
  return (
    <div className="adm-proposals">
      <Section title={P.title}>
        <p className="adm-muted">{P.intro}</p>
        <ResultMessage text={result.text} />
        {list.isPending ? (
          <Spinner />
        ) : list.isError || !data ? (
          <ResultMessage text={failureText(P.loadFailed, list.error)} />
        ) : data.pending.length === 0 ? (
          <p className="adm-muted">{P.empty}</p>
        ) : (
          <ul className="adm-proposal-list">
            {data.pending.map((p) => (
              <ProposalCard key={p.id} p={p} onAct={(action) => setActing({ p, action })} />
            ))}
          </ul>
        )}
      </Section>
      {data && data.recent.length > 0 ? (
        <Section title={P.recent}>
          <ul className="adm-proposal-list">
            {data.recent.map((p) => (
              <ProposalCard key={p.id} p={p} />
            ))}
          </ul>
        </Section>
      ) : null}
      <ConfirmDialog
        open={acting?.action === 'confirm'}
        title={P.confirmTitle}
        body={P.confirmBody}
        confirmLabel={P.confirm}
        busy={act.isPending}
        onConfirm={() => run()}
        onCancel={close}
      >
        <StepUpCodeField until={until} label={P.otpLabel} value={otpCode} onChange={setOtpCode} />
      </ConfirmDialog>
      <ReasonDialog
        open={refusing || acting?.action === 'withdraw'}
        title={refusing ? P.refuseTitle : P.withdrawTitle}
        body={refusing ? P.refuseBody : P.withdrawBody}
        label={refusing ? P.refuseReasonLabel : P.withdrawReasonLabel}
        placeholder={P.reasonPlaceholder}
        required={refusing ? P.refuseReasonRequired : null}
        confirmLabel={refusing ? P.refuse : P.withdraw}
        busy={act.isPending}
        onConfirm={run}
        onCancel={close}
      />
    </div>
  );
}

/** The member's administrator role, with a proposal to grant or revoke it (two-person approval). */
export function RoleSection({ detail }: { detail: MemberDetail }) {
  const result = useResult();
  const isAdmin = detail.member.is_admin;
  const propose = useAdminMutation(() =>
    api.post(`/admin/members/${detail.member.id}/admin-role`, { admin: !isAdmin }),
  );
  const label = isAdmin ? P.roleProposeRevoke : P.roleProposeGrant;
  return (
    <Section title={P.roleTitle}>
      <p>{isAdmin ? P.roleIsAdmin : P.roleIsMember}</p>
      <p className="adm-muted">{P.roleHint}</p>
      <div className="adm-actions">
        <BusyButton
          busy={propose.isPending}
          label={label}
          className={`btn ${isAdmin ? 'btn-danger' : 'btn-secondary'}`}
          onClick={() => {
            result.clear();
            propose.mutate(undefined, {
              onSuccess: () => result.set(P.proposed),
              onError: (err) => result.fail(P.roleFailed, err),
            });
          }}
        />
      </div>
      <ResultMessage text={result.text} />
    </Section>
  );
}
