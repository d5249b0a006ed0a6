import { noticeBodySchema, noticeListQuerySchema } from '../../shared/schemas/admin';
import { auditListView, deletedView, noticeListView, noticeView } from '../../shared/schemas/admin-views';
import { authEventListQuerySchema, authEventListView } from '../../shared/schemas/auth-events';
import { auditListQuerySchema } from '../../shared/schemas/desk-records';
import { listAudit } from '../audit/list-audit';
import { listAuthEvents } from '../auth/list-auth-events';
import { deleteNotice, listNotices } from '../notices/manage-notices';
import { noticePublish } from '../proposals/kinds-notices';
import { actorOf, memberParams } from './common';
import { adminModule } from './module';

/**
 * Notices (the home screen lists the published ones) and the audit trail. What members will see is
 * published by two administrators (202 with the proposal, decision 0401).
 */
export const contentRoutes = adminModule(({ admin, action, db }) => {
  admin.get('/notices', {
    operationId: 'adminListNotices',
    summary: '공지사항 목록 (게시 여부와 관계없이 최신순)',
    querystring: noticeListQuerySchema,
    view: noticeListView,
    run: (req) => listNotices(db, req.query),
  });

  action.post('/notices', {
    operationId: 'adminCreateNotice',
    summary: '공지사항 등록 (게시하면 다른 관리자의 승인 후 회원에게 보임; 초안은 바로 저장)',
    body: noticeBodySchema,
    status: 201,
    view: noticeView,
    kind: noticePublish,
    input: (req) => ({ noticeId: null, body: req.body }),
  });

  action.put('/notices/:id', {
    operationId: 'adminUpdateNotice',
    summary: '공지사항 수정 (게시 중이거나 게시하는 공지는 다른 관리자의 승인 후)',
    params: memberParams,
    body: noticeBodySchema,
    view: noticeView,
    kind: noticePublish,
    input: (req) => ({ noticeId: req.params.id, body: req.body }),
  });

  admin.delete('/notices/:id', {
    operationId: 'adminDeleteNotice',
    summary: '공지사항 삭제',
    params: memberParams,
    view: deletedView,
    run: (req) => deleteNotice(db, req.params.id, actorOf(req)),
  });

  admin.get('/audit', {
    operationId: 'adminListAudit',
    summary: '감사 로그 (최신순; 대상, 아이디, 작업, 기간 필터)',
    querystring: auditListQuerySchema,
    view: auditListView,
    run: (req) => listAudit(db, req.query),
  });

  admin.get('/auth-events', {
    operationId: 'adminListAuthEvents',
    summary: '로그인 기록 (최신순; 회원 또는 아이디, 활동 종류, 성공/실패, 기간 필터)',
    querystring: authEventListQuerySchema,
    view: authEventListView,
    run: (req) => listAuthEvents(db, req.query),
  });
});
