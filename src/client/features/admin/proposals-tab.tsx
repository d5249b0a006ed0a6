import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import type { ProposalListView, ProposalView } from '../../../shared/schemas/proposals';
import { Spinner } from '../../components/spinner';
import { ApiError, api } from '../../lib/api';
import { ADMIN_KEY, useAdminMutation } from './api';
import { dateTime } from './format';
import { BusyButton } from './kit';
import { ConfirmDialog } from './modal';
import { failureText, ResultMessage, useResult } from './result-message';
import { Section } from './section';
import './proposals.css';

const P = MSG.proposals;

/** Whether an administrator action's answer is a proposal (202) rather than the applied result. */
const isProposal = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && 'proposal' in data;

/** The success line of an action that may have become a proposal (two-person approval, decision 0160). */
export const doneOrProposed = (data: unknown, done: string) => (isProposal(data) ? P.proposed : done);

const useProposals = () =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'proposals'],
    queryFn: ({ signal }) => api.get<ProposalListView>('/admin/proposals', { signal, schema: 'proposals' }),
    retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
  });

function ProposalCard({
  p,
  onConfirm,
  onCancel,
}: {
  p: ProposalView;
  onConfirm?: () => void;
  onCancel?: () => void;
}) {
  return (
    <li className="adm-proposal" data-proposal-id={p.id}>
      <div className="adm-proposal-head">
        <strong>{P.kinds[p.kind] ?? p.kind}</strong>
        <span
          className={`adm-badge ${p.status === 'applied' ? 'is-ok' : p.status === 'pending' ? 'is-wait' : 'is-bad'}`}
        >
          {P.statuses[p.status]}
        </span>
      </div>
      <dl className="adm-proposal-meta">
        <dt>{P.member}</dt>
        <dd>{p.member_username}</dd>
        <dt>{P.proposedBy}</dt>
        <dd>
          {p.proposed_by_username} · {dateTime(p.created_at)}
        </dd>
        {p.status === 'pending' ? (
          <>
            <dt>{P.expiresAt}</dt>
            <dd>{dateTime(p.expires_at)}</dd>
          </>
        ) : p.decided_at ? (
          <>
            <dt>{P.decidedBy}</dt>
            <dd>
              {p.decided_by_username ?? '—'} · {dateTime(p.decided_at)}
            </dd>
          </>
        ) : null}
      </dl>
      <ul className="adm-proposal-lines">
        {p.lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      {p.status === 'pending' ? (
        <div className="adm-actions">
          {p.mine ? <span className="adm-muted">{P.yours}</span> : null}
          {onCancel ? (
            <button type="button" className="btn btn-secondary btn-sm" onClick={onCancel}>
              {P.cancel}
            </button>
          ) : null}
          {onConfirm && !p.mine ? (
            <button type="button" className="btn btn-primary btn-sm" onClick={onConfirm}>
              {P.confirm}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** 승인 대기 제안: what waits for a second administrator, with confirm and cancel; then the recent ones. */
export function ProposalsTab() {
  const list = useProposals();
  const result = useResult();
  const [acting, setActing] = useState<{ p: ProposalView; action: 'confirm' | 'cancel' } | null>(null);
  // A confirmation carries the confirming administrator's one-time code of this moment (step-up).
  const [otpCode, setOtpCode] = useState('');
  const act = useAdminMutation(({ p, action }: { p: ProposalView; action: 'confirm' | 'cancel' }) =>
    api.post(`/admin/proposals/${p.id}/${action}`, action === 'confirm' ? { otpCode } : {}),
  );
  const data = list.data;
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
              <ProposalCard
                key={p.id}
                p={p}
                onConfirm={() => setActing({ p, action: 'confirm' })}
                onCancel={() => setActing({ p, action: 'cancel' })}
              />
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
        open={acting !== null}
        title={acting?.action === 'cancel' ? P.cancelTitle : P.confirmTitle}
        body={
          acting?.action === 'cancel' ? (
            P.cancelBody
          ) : (
            <>
              {P.confirmBody}
              <label className="adm-otp-field">
                {P.otpLabel}
                <input
                  name="otpCode"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={20}
                  value={otpCode}
                  onChange={(e) => setOtpCode(e.target.value)}
                />
              </label>
            </>
          )
        }
        confirmLabel={acting?.action === 'cancel' ? P.cancelTitle : P.confirm}
        danger={acting?.action === 'cancel'}
        busy={act.isPending}
        onConfirm={() =>
          acting &&
          act.mutate(acting, {
            onSuccess: () => {
              result.set(acting.action === 'cancel' ? P.cancelled : P.applied);
              setActing(null);
              setOtpCode('');
            },
            onError: (err) => {
              result.fail(acting.action === 'cancel' ? P.failedCancel : P.failedConfirm, err);
              setActing(null);
              setOtpCode('');
            },
          })
        }
        onCancel={() => {
          setActing(null);
          setOtpCode('');
        }}
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
