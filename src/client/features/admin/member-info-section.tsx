import { useState } from 'react';
import { formatDeskTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import { api } from '../../lib/api';
import { useAdminMutation } from './api';
import { AskButton } from './kit';
import { ConfirmDialog } from './modal';
import { ResultMessage, useResult } from './result-message';
import { Section } from './section';

const I = MSG.admin.info;

/**
 * SPEC §2 "member info", with the close-account action (records are permanent: closed, never deleted) and its
 * confirmation dialog; a closed account shows when it was closed and no action.
 */
export function MemberInfoSection({
  detail,
  onDeleted,
}: {
  detail: MemberDetail;
  onDeleted: (message: string) => void;
}) {
  const m = detail.member;
  const [confirming, setConfirming] = useState(false);
  const result = useResult();
  const remove = useAdminMutation(() => api.post<{ username: string }>(`/admin/members/${m.id}/close`));

  const onConfirm = () =>
    remove.mutate(undefined, {
      onSuccess: (r) => {
        setConfirming(false);
        onDeleted(MSG.admin.memberDeleted(r.username));
      },
      onError: (err) => {
        setConfirming(false);
        result.fail(MSG.admin.failed.memberDelete, err);
      },
    });

  return (
    <Section
      title={I.title}
      actions={
        m.closed_at ? (
          <span className="adm-badge is-bad">{I.statusClosed}</span>
        ) : (
          <AskButton label={I.deleteMember} result={result} onAsk={() => setConfirming(true)} />
        )
      }
    >
      {m.closed_at ? <p className="adm-muted">{I.closedNotice}</p> : null}
      <dl className="adm-facts">
        <dt>{I.username}</dt>
        <dd>{m.username}</dd>
        <dt>{I.fullName}</dt>
        <dd>{m.full_name}</dd>
        <dt>{I.email}</dt>
        <dd>{m.email}</dd>
        <dt>{I.contact}</dt>
        <dd>{m.contact || MSG.admin.none}</dd>
        <dt>{I.role}</dt>
        <dd>{m.is_admin ? I.admin : I.member}</dd>
        <dt>{I.secondPassword}</dt>
        <dd>{m.has_second_password ? I.set : I.notSet}</dd>
        <dt>{I.marketing}</dt>
        <dd>{m.marketing_consent ? I.agreed : I.notAgreed}</dd>
        <dt>{I.createdAt}</dt>
        <dd>{formatDeskTime(m.created_at)}</dd>
        {m.closed_at ? (
          <>
            <dt>{I.closedAt}</dt>
            <dd>{formatDeskTime(m.closed_at)}</dd>
          </>
        ) : null}
      </dl>
      <ResultMessage text={result.text} />
      <ConfirmDialog
        open={confirming}
        title={I.deleteTitle}
        body={I.deleteBody(m.username)}
        confirmLabel={I.deleteMember}
        danger
        busy={remove.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    </Section>
  );
}
