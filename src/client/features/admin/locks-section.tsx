import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import type { LockView, MemberDetail } from '../../../shared/schemas/admin-views';
import { api } from '../../lib/api';
import { useAdminMutation } from './api';
import { exact } from './format';
import { AdmTable, EditDeleteButtons } from './kit';
import { LockDialog } from './lock-dialog';
import { RemoveDialog } from './modal';
import { doneOrProposed } from './proposals-tab';
import { ResultMessage, useResult } from './result-message';
import { Section } from './section';

const L = MSG.admin.locks;
/** The columns of a lock, the same wherever a member's locks are listed (open or closed account). */
export const LOCK_COLUMNS = [L.currency, L.amount, L.start, L.end, L.reason];

/** SPEC §2 "asset lock management": the member's locks with add, edit and (confirmed) delete. */
export function LocksSection({ detail }: { detail: MemberDetail }) {
  const result = useResult();
  const [editing, setEditing] = useState<{ lock: LockView | null } | null>(null);
  const [deleting, setDeleting] = useState<LockView | null>(null);
  const remove = useAdminMutation((lock: LockView) =>
    api.delete(`/admin/members/${detail.member.id}/locks/${lock.id}`),
  );

  return (
    <Section
      title={L.title}
      actions={
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            result.clear();
            setEditing({ lock: null });
          }}
        >
          {L.add}
        </button>
      }
    >
      {detail.locks.length === 0 ? (
        <p className="adm-empty">{L.empty}</p>
      ) : (
        <div className="adm-table-wrap">
          <AdmTable
            columns={[
              ...LOCK_COLUMNS,
              L.state,
              <span key="actions" className="sr-only">
                {MSG.admin.requests.actions}
              </span>,
            ]}
          >
            {detail.locks.map((l) => {
              const cur = l.currency.toUpperCase();
              return (
                <tr key={l.id}>
                  <td>{cur}</td>
                  <td className="num">{exact(l.locked_amount)}</td>
                  <td>{l.lock_start_date ?? L.noStart}</td>
                  <td>{l.lock_end_date ?? L.noEnd}</td>
                  <td className="adm-wrap">{l.reason ?? MSG.admin.none}</td>
                  <td>
                    <span className={`adm-badge ${l.active ? 'is-wait' : ''}`}>
                      {l.active ? L.active : L.ended}
                    </span>
                  </td>
                  <td className="adm-row-actions">
                    <EditDeleteButtons
                      editLabel={L.editLabel(exact(l.locked_amount), cur)}
                      deleteLabel={L.deleteLabel(exact(l.locked_amount), cur)}
                      result={result}
                      onEdit={() => setEditing({ lock: l })}
                      onDelete={() => setDeleting(l)}
                    />
                  </td>
                </tr>
              );
            })}
          </AdmTable>
        </div>
      )}
      <ResultMessage text={result.text} />
      <LockDialog
        open={editing !== null}
        lock={editing?.lock ?? null}
        detail={detail}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          result.set(message);
        }}
      />
      <RemoveDialog
        target={deleting}
        title={L.deleteTitle}
        body={(lock) => L.deleteBody(exact(lock.locked_amount), lock.currency.toUpperCase())}
        mutation={remove}
        result={result}
        done={(data) => doneOrProposed(data, MSG.admin.lockDeleted)}
        failPrefix={MSG.admin.failed.lockDelete}
        onClose={() => setDeleting(null)}
      />
    </Section>
  );
}
