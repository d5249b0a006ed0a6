import { useId, useState } from 'react';
import { formatDeskTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { REQUEST_STATUSES, type RequestStatus } from '../../../shared/request-status';
import type { DepositView } from '../../../shared/schemas/admin-views';
import { REQUEST_PAGE_SIZE, type RequestKind, useAdminMutation, useRequests } from './api';
import { ChainStatusNote, needsOverride, OverrideDialog, useChainStatus } from './chain-verdict';
import { Check, SelectFilter } from './fields';
import { exact } from './format';
import { AdmTable, closeAndReport } from './kit';
import { ConfirmDialog } from './modal';
import { Pager, usePagedFilters } from './pager';
import { doneOrProposed } from './proposals-tab';
import { decideRequest } from './queue-api';
import { ReasonDialog } from './reason-dialog';
import { Details, isWithdrawal, type Row } from './request-details';
import { failureText, ResultMessage, useResult } from './result-message';
import { Section } from './section';
import { TabButton } from './tab-button';

const R = MSG.admin.requests;
type Decision = 'approve' | 'reject';

const STATUS_LABEL: Record<RequestStatus, string> = {
  pending: R.pending,
  approved: R.approved,
  rejected: R.rejected,
};
const STATUS_TONE: Record<RequestStatus, string> = {
  pending: 'is-wait',
  approved: 'is-ok',
  rejected: 'is-bad',
};

const DONE: Record<RequestKind, Record<Decision, string>> = {
  deposits: { approve: MSG.admin.depositApproved, reject: MSG.admin.depositRejected },
  withdrawals: { approve: MSG.admin.withdrawalApproved, reject: MSG.admin.withdrawalRejected },
};
const TITLE: Record<RequestKind, Record<Decision, string>> = {
  deposits: { approve: R.approveDepositTitle, reject: R.rejectDepositTitle },
  withdrawals: { approve: R.approveWithdrawalTitle, reject: R.rejectWithdrawalTitle },
};
/** A pending request's two buttons, in this order: the decision's name and its button style. */
const DECISIONS: readonly (readonly [Decision, string, string])[] = [
  ['approve', R.approve, 'btn btn-primary'],
  ['reject', R.reject, 'btn btn-danger-outline'],
];
const STATUS_OPTIONS = [['', R.all] as const, ...REQUEST_STATUSES.map((s) => [s, STATUS_LABEL[s]] as const)];

/**
 * SPEC §2 "deposit/withdrawal requests" with tabs: every member's requests newest first (or only the
 * selected member's), filtered by status, 60vh scroll. Only pending requests offer approve and reject,
 * which call the approval core and ask for confirmation first.
 */
export function RequestsSection({ memberId }: { memberId: string | null }) {
  const { filters, page, setPage, set } = usePagedFilters<{
    kind: RequestKind;
    status: RequestStatus | '';
    onlyMember: boolean;
  }>({ kind: 'deposits', status: 'pending', onlyMember: false });
  const { kind, status, onlyMember } = filters;
  const [deciding, setDeciding] = useState<{ row: Row; decision: Decision } | null>(null);
  const result = useResult();
  const tabsId = useId();
  const filterMember = onlyMember && memberId ? memberId : '';
  const list = useRequests(kind, status, filterMember, page);
  const decide = useAdminMutation(
    ({
      row,
      decision,
      override,
      reason,
    }: {
      row: Row;
      decision: Decision;
      override?: string;
      reason?: string;
    }) =>
      decideRequest({
        kind: kind === 'deposits' ? 'deposit' : 'withdrawal',
        id: row.id,
        decision,
        override: override !== undefined,
        reason: override ?? reason,
      }),
  );
  // Chain checks: approving a deposit against the chain's verdict asks again, with a reason.
  const chainStatus = useChainStatus();
  const checked = (chainStatus.data?.networks ?? []).filter((n) => n.enabled).map((n) => n.network);
  const [overriding, setOverriding] = useState<DepositView | null>(null);

  const switchTo = (k: RequestKind) => {
    set({ kind: k });
    result.clear();
  };
  const tab = (k: RequestKind, label: string) => (
    <TabButton
      label={label}
      selected={kind === k}
      id={`${tabsId}-${k}`}
      controls={`${tabsId}-panel`}
      onSelect={() => switchTo(k)}
    />
  );

  const data = list.data;
  const rows = (data?.items ?? []) as Row[];
  return (
    <Section title={R.title}>
      <div className="adm-tabs" role="tablist" aria-label={R.title}>
        {tab('deposits', R.deposits)}
        {tab('withdrawals', R.withdrawals)}
      </div>
      <div className="adm-filters">
        <SelectFilter
          label={R.status}
          value={status}
          options={STATUS_OPTIONS}
          onChange={(v) => set({ status: v })}
        />
        <Check
          label={R.onlyMember}
          checked={onlyMember}
          disabled={!memberId}
          onChange={(e) => set({ onlyMember: e.target.checked })}
        />
        {data ? <span className="adm-badge is-wait">{R.pendingCount(data.pendingTotal)}</span> : null}
      </div>
      {kind === 'deposits' ? <ChainStatusNote status={chainStatus.data} /> : null}
      <ResultMessage text={result.text} />
      {list.isError ? <ResultMessage text={failureText(MSG.admin.failed.requestsLoad, list.error)} /> : null}
      <div
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${kind}`}
        className="adm-scroll adm-scroll-60"
        aria-busy={list.isFetching}
      >
        {rows.length === 0 && data ? (
          <p className="adm-empty">{R.empty}</p>
        ) : (
          <AdmTable
            className="adm-table adm-requests-table"
            columns={[
              R.date,
              R.member,
              R.currency,
              R.amount,
              ...(kind === 'withdrawals' ? [R.fee, R.finalAmount] : []),
              R.details,
              R.statusAndActions,
            ]}
          >
            {rows.map((r) => (
              <tr key={r.id} data-request-id={r.id}>
                <td className="adm-wrap adm-date">{formatDeskTime(r.created_at)}</td>
                <td className="adm-wrap">
                  <div>{r.username}</div>
                  <div className="adm-member-sub">{r.email}</div>
                </td>
                <td>{r.currency}</td>
                <td className="num">{exact(r.amount)}</td>
                {isWithdrawal(r) ? (
                  <>
                    <td className="num">{exact(r.fee)}</td>
                    <td className="num">{exact(r.final_amount)}</td>
                  </>
                ) : null}
                <td className="adm-details">
                  <Details r={r} />
                </td>
                <td>
                  <div className="adm-decide">
                    <span className={`adm-badge ${STATUS_TONE[r.status]}`}>{STATUS_LABEL[r.status]}</span>
                    {r.status === 'pending'
                      ? DECISIONS.map(([decision, label, className]) => (
                          <button
                            key={decision}
                            type="button"
                            className={className}
                            onClick={() => setDeciding({ row: r, decision })}
                          >
                            {label}
                          </button>
                        ))
                      : null}
                  </div>
                </td>
              </tr>
            ))}
          </AdmTable>
        )}
      </div>
      <Pager page={page} total={data?.total} pageSize={REQUEST_PAGE_SIZE} onPage={setPage} label={R.title} />
      <ReasonDialog
        open={deciding?.decision === 'reject'}
        title={deciding ? TITLE[kind].reject : ''}
        body={
          deciding
            ? R.confirmBody(
                R.reject,
                deciding.row.username,
                exact(deciding.row.amount),
                deciding.row.currency,
              )
            : ''
        }
        confirmLabel={R.reject}
        busy={decide.isPending}
        onCancel={() => setDeciding(null)}
        onConfirm={(reason) =>
          deciding &&
          decide.mutate(
            { ...deciding, reason },
            closeAndReport(() => setDeciding(null), result, DONE[kind].reject, MSG.admin.failed.reject),
          )
        }
      />
      <ConfirmDialog
        open={deciding?.decision === 'approve'}
        title={deciding ? TITLE[kind][deciding.decision] : ''}
        body={
          deciding
            ? R.confirmBody(
                deciding.decision === 'approve' ? R.approve : R.reject,
                deciding.row.username,
                exact(deciding.row.amount),
                deciding.row.currency,
              )
            : ''
        }
        confirmLabel={deciding?.decision === 'reject' ? R.reject : R.approve}
        danger={deciding?.decision === 'reject'}
        busy={decide.isPending}
        onConfirm={() => {
          if (!deciding) return;
          const { row } = deciding;
          if (deciding.decision === 'approve' && !isWithdrawal(row) && needsOverride(row, checked)) {
            setDeciding(null);
            setOverriding(row);
            return;
          }
          decide.mutate(
            deciding,
            closeAndReport(
              () => setDeciding(null),
              result,
              (data) => doneOrProposed(data, DONE[kind][deciding.decision]),
              deciding.decision === 'approve' ? MSG.admin.failed.approve : MSG.admin.failed.reject,
            ),
          );
        }}
        onCancel={() => setDeciding(null)}
      />
      <OverrideDialog
        row={overriding}
        busy={decide.isPending}
        onCancel={() => setOverriding(null)}
        onConfirm={(reason) =>
          overriding &&
          decide.mutate(
            { row: overriding, decision: 'approve', override: reason },
            closeAndReport(
              () => setOverriding(null),
              result,
              DONE.deposits.approve,
              MSG.admin.failed.approve,
            ),
          )
        }
      />
    </Section>
  );
}
