import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDeskTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import {
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  type NoticeBody,
  noticeBodySchema,
} from '../../../shared/schemas/admin';
import type { NoticeView } from '../../../shared/schemas/admin-views';
import type { z } from '../../../shared/zod';
import { api } from '../../lib/api';
import { NOTICE_PAGE_SIZE, useAdminMutation, useNotices } from './api';
import { FormCheck, FormField } from './fields';
import { BusyButton, EditDeleteButtons, sendAndReport } from './kit';
import { RemoveDialog } from './modal';
import { Pager } from './pager';
import { failureText, ResultMessage, useResult } from './result-message';
import { Section } from './section';

const N = MSG.admin.notices;
type Output = z.output<typeof noticeBodySchema>;
const EMPTY: NoticeBody = { title: '', body: '', published: false };

/**
 * SPEC §2's notice box, which DESIGN makes real: notices are saved; the published ones are listed on
 * the members' home screen.
 */
export function NoticesSection() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<NoticeView | null>(null);
  const [deleting, setDeleting] = useState<NoticeView | null>(null);
  const result = useResult();
  const bodyId = useId();
  const notices = useNotices(page);
  const form = useForm<NoticeBody, unknown, Output>({
    resolver: zodResolver(noticeBodySchema),
    defaultValues: EMPTY,
  });
  const { register, reset, formState } = form;
  useEffect(
    () => reset(editing ? { title: editing.title, body: editing.body, published: editing.published } : EMPTY),
    [editing, reset],
  );
  const save = useAdminMutation((body: Output) =>
    editing ? api.put(`/admin/notices/${editing.id}`, body) : api.post('/admin/notices', body),
  );
  const remove = useAdminMutation((n: NoticeView) => api.delete(`/admin/notices/${n.id}`));
  const e = formState.errors;

  return (
    <Section title={N.title}>
      <form
        className="form adm-notice-form"
        noValidate
        onSubmit={form.handleSubmit(
          sendAndReport(
            result,
            save,
            editing ? MSG.admin.noticeSaved : MSG.admin.noticeCreated,
            MSG.admin.failed.noticeSave,
            () => {
              setEditing(null);
              reset(EMPTY);
            },
          ),
        )}
      >
        <FormField form={form} name="title" label={N.titleLabel} maxLength={NOTICE_TITLE_MAX} />
        <div className="field">
          <label htmlFor={bodyId}>{N.bodyLabel}</label>
          <textarea
            id={bodyId}
            rows={4}
            maxLength={NOTICE_BODY_MAX}
            aria-invalid={e.body ? true : undefined}
            {...register('body')}
          />
          {e.body?.message ? (
            <p className="field-error" role="alert">
              {e.body.message}
            </p>
          ) : null}
        </div>
        <FormCheck form={form} name="published" label={N.published} />
        <div className="adm-actions">
          <BusyButton busy={save.isPending} label={editing ? N.save : N.create} />
          {editing ? (
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(null)}>
              {N.cancelEdit}
            </button>
          ) : null}
        </div>
      </form>
      <ResultMessage text={result.text} />
      {notices.isError ? (
        <ResultMessage text={failureText(MSG.admin.failed.noticesLoad, notices.error)} />
      ) : null}
      <ul className="adm-notices">
        {notices.data?.items.map((n) => (
          <li key={n.id} className={editing?.id === n.id ? 'is-selected' : undefined}>
            <div className="adm-notice-head">
              <strong>{n.title}</strong>
              <span className={`adm-badge ${n.published ? 'is-ok' : ''}`}>
                {n.published ? N.publishedBadge : N.draftBadge}
              </span>
              <span className="adm-muted">{formatDeskTime(n.created_at)}</span>
            </div>
            {n.body ? <p className="adm-notice-body">{n.body}</p> : null}
            <div className="adm-row-actions">
              <EditDeleteButtons
                editLabel={N.editLabel(n.title)}
                deleteLabel={N.deleteLabel(n.title)}
                result={result}
                onEdit={() => setEditing(n)}
                onDelete={() => setDeleting(n)}
                deleteKeepsResult
              />
            </div>
          </li>
        ))}
        {notices.data && notices.data.items.length === 0 ? <li className="adm-empty">{N.empty}</li> : null}
      </ul>
      <Pager
        page={page}
        total={notices.data?.total}
        pageSize={NOTICE_PAGE_SIZE}
        onPage={setPage}
        label={N.title}
      />
      <RemoveDialog
        target={deleting}
        title={N.deleteTitle}
        body={(n) => N.deleteBody(n.title)}
        mutation={remove}
        result={result}
        done={MSG.admin.noticeDeleted}
        failPrefix={MSG.admin.failed.noticeDelete}
        onClose={() => setDeleting(null)}
        afterRequest={() => {
          if (editing?.id === deleting?.id) setEditing(null);
        }}
      />
    </Section>
  );
}
