/**
 * Notices members see (decision 0401): a notice can tell every member where to send money, so publishing
 * one, or changing one that is published, is confirmed by a second administrator, who reads it as members
 * will. A draft, an unpublished edit and taking a notice down stay one administrator's.
 */
import { MSG } from '../../shared/messages';
import { noticeBodySchema } from '../../shared/schemas/admin';
import type { NoticeView } from '../../shared/schemas/admin-views';
import { AppError } from '../http/errors';
import { type Body, createNoticeIn, readNotice, updateNoticeIn } from '../notices/manage-notices';
import { adminOf, defineKind } from './registry';

const T = MSG.accountTrust;

const sameText = (n: NoticeView, b: Body) => n.title === b.title && n.body === b.body;

/** The notice as members will see it: its title, then its text line by line. */
const asMembersSeeIt = (b: Body) => [
  T.noticeTitleLine(b.title),
  ...b.body.split(/\r?\n/).map(T.noticeBodyLine),
];

export const noticePublish = defineKind({
  kind: 'notice.publish',
  payload: noticeBodySchema,
  async plan(q, _cfg, input: { noticeId: string | null; body: Body }, actor) {
    const admin = adminOf(actor);
    const before = input.noticeId ? await readNotice(q, input.noticeId, true) : null;
    if (input.noticeId && !before) throw new AppError('NOT_FOUND', MSG.admin.noticeNotFound);
    // Members see something new: a published notice that was not, or whose text changed.
    const shown = input.body.published && !(before?.published && sameText(before, input.body));
    return {
      // A notice is no member's: the proposal is filed under its proposer.
      memberId: admin.actorId,
      targetId: input.noticeId,
      needsSecond: shown,
      payload: input.body,
      basis: before ? { updated_at: before.updated_at } : null,
      secretHash: null,
      lines: [before ? T.noticeUpdateLine : T.noticePublishLine, ...asMembersSeeIt(input.body)],
    };
  },
  async apply(q, _cfg, s, actor) {
    const admin = adminOf(actor);
    if (!s.targetId) return { result: await createNoticeIn(q, s.payload, admin), status: 201 };
    const now = await readNotice(q, s.targetId, true);
    if (!now) throw new AppError('NOT_FOUND', T.noticeGone);
    // The checker approved the notice as it was: edited since, the proposal no longer says what changes.
    if (s.basis && now.updated_at !== s.basis.updated_at) throw new AppError('CONFLICT', T.noticeChanged);
    return { result: await updateNoticeIn(q, s.targetId, s.payload, admin), status: 200 };
  },
});
