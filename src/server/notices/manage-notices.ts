import { MSG } from '../../shared/messages';
import type { noticeBodySchema } from '../../shared/schemas/admin';
import type { NoticeView } from '../../shared/schemas/admin-views';
import type { z } from '../../shared/zod';
import type { Actor } from '../audit/actor';
import { writeAudit } from '../audit/write-audit';
import type { Db, Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { publishNoticeCreated } from '../events/publish';
import { AppError } from '../http/errors';
import { iso } from '../sql';

export type Body = z.output<typeof noticeBodySchema>;

const COLUMNS = `id, title, body, published, created_by, ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at`;

export async function readNotice(q: Queryable, id: string, forUpdate = false) {
  if (!isUuid(id)) return null;
  const [row] = await q.query<NoticeView>(
    `SELECT ${COLUMNS} FROM notices WHERE id = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return row ?? null;
}

const auditView = (n: NoticeView) => ({ title: n.title, body: n.body, published: n.published });

/** Every notice, published or not, newest first (the member-side list shows only published ones). */
export async function listNotices(q: Queryable, { page, pageSize }: { page: number; pageSize: number }) {
  const [items, count] = await Promise.all([
    q.query<NoticeView>(`SELECT ${COLUMNS} FROM notices ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`, [
      pageSize,
      (page - 1) * pageSize,
    ]),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM notices'),
  ]);
  return { items, total: count[0]?.n ?? 0, page, pageSize };
}

/**
 * Writes a notice in the caller's transaction. What members will see is published by two administrators
 * (`proposals/kinds-notices.ts`, decision 0401); a draft is one administrator's.
 */
export async function createNoticeIn(q: Queryable, body: Body, actor: Actor) {
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO notices (title, body, published, created_by) VALUES ($1, $2, $3, $4) RETURNING id',
    [body.title, body.body, body.published, actor.actorId],
  );
  const notice = (await readNotice(q, row!.id))!;
  await writeAudit(q, {
    ...actor,
    action: 'notice.create',
    targetType: 'notice',
    targetId: notice.id,
    after: auditView(notice),
  });
  if (notice.published) await publishNoticeCreated(q, notice.id, notice.title);
  return notice;
}

export async function updateNoticeIn(q: Queryable, id: string, body: Body, actor: Actor) {
  const before = await readNotice(q, id, true);
  if (!before) throw new AppError('NOT_FOUND', MSG.admin.noticeNotFound);
  await q.query(
    'UPDATE notices SET title = $2, body = $3, published = $4, updated_at = now() WHERE id = $1',
    [id, body.title, body.body, body.published],
  );
  const after = (await readNotice(q, id))!;
  await writeAudit(q, {
    ...actor,
    action: 'notice.update',
    targetType: 'notice',
    targetId: id,
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

export async function deleteNotice(db: Db, id: string, actor: Actor) {
  return db.tx(async (q) => {
    const before = await readNotice(q, id, true);
    if (!before) throw new AppError('NOT_FOUND', MSG.admin.noticeNotFound);
    await q.query('DELETE FROM notices WHERE id = $1', [id]);
    await writeAudit(q, {
      ...actor,
      action: 'notice.delete',
      targetType: 'notice',
      targetId: id,
      before: auditView(before),
    });
    return { deleted: true, id };
  });
}
