import { noticeBodySchema, noticeListQuerySchema } from '../../shared/schemas/admin';
import { auditListView, deletedView, noticeListView, noticeView } from '../../shared/schemas/admin-views';
import { authEventListQuerySchema, authEventListView } from '../../shared/schemas/auth-events';
import { auditListQuerySchema } from '../../shared/schemas/desk-records';
import { listAudit } from '../audit/list-audit';
import { listAuthEvents } from '../auth/list-auth-events';
import { createNotice, deleteNotice, listNotices, updateNotice } from '../notices/manage-notices';
import { actorOf, memberParams } from './common';
import { adminModule } from './module';

/** Notices (the home screen lists the published ones) and the audit trail. */
export const contentRoutes = adminModule(({ admin, db }) => {
  admin.get('/notices', {
    operationId: 'adminListNotices',
    summary: '공지사항 목록 (게시 여부와 관계없이 최신순)',
    querystring: noticeListQuerySchema,
    view: noticeListView,
    run: (req) => listNotices(db, req.query),
  });

  admin.post('/notices', {
    operationId: 'adminCreateNotice',
    summary: '공지사항 등록',
    body: noticeBodySchema,
    status: 201,
    view: noticeView,
    run: (req) => createNotice(db, req.body, actorOf(req)),
  });

  admin.put('/notices/:id', {
    operationId: 'adminUpdateNotice',
    summary: '공지사항 수정 (제목, 내용, 게시 여부)',
    params: memberParams,
    body: noticeBodySchema,
    view: noticeView,
    run: (req) => updateNotice(db, req.params.id, req.body, actorOf(req)),
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
