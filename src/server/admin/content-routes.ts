import { auditListQuerySchema, noticeBodySchema, noticeListQuerySchema } from '../../shared/schemas/admin';
import { auditListView, noticeListView, noticeView } from '../../shared/schemas/admin-views';
import { authEventListQuerySchema, authEventListView } from '../../shared/schemas/auth-events';
import type { App, Ctx } from '../context';
import { envelope, ok } from '../http/envelope';
import { z } from '../http/zod';
import { actorOf, adminErrors, memberParams } from './common';
import { listAudit } from './list-audit';
import { listAuthEvents } from './list-auth-events';
import { createNotice, deleteNotice, listNotices, updateNotice } from './notices';

/** Notices (the home screen lists the published ones) and the audit trail. */
export async function contentRoutes(app: App, { db }: Ctx) {
  app.get(
    '/notices',
    {
      schema: {
        operationId: 'adminListNotices',
        summary: '공지사항 목록 (게시 여부와 관계없이 최신순)',
        tags: ['admin'],
        querystring: noticeListQuerySchema,
        response: { 200: envelope(noticeListView), ...adminErrors },
      },
    },
    async (req) => ok(await listNotices(db, req.query)),
  );

  app.post(
    '/notices',
    {
      schema: {
        operationId: 'adminCreateNotice',
        summary: '공지사항 등록',
        tags: ['admin'],
        body: noticeBodySchema,
        response: { 201: envelope(noticeView), ...adminErrors },
      },
    },
    async (req, reply) => reply.status(201).send(ok(await createNotice(db, req.body, actorOf(req)))),
  );

  app.put(
    '/notices/:id',
    {
      schema: {
        operationId: 'adminUpdateNotice',
        summary: '공지사항 수정 (제목, 내용, 게시 여부)',
        tags: ['admin'],
        params: memberParams,
        body: noticeBodySchema,
        response: { 200: envelope(noticeView), ...adminErrors },
      },
    },
    async (req) => ok(await updateNotice(db, req.params.id, req.body, actorOf(req))),
  );

  app.delete(
    '/notices/:id',
    {
      schema: {
        operationId: 'adminDeleteNotice',
        summary: '공지사항 삭제',
        tags: ['admin'],
        params: memberParams,
        response: { 200: envelope(z.object({ deleted: z.boolean(), id: z.string() })), ...adminErrors },
      },
    },
    async (req) => ok(await deleteNotice(db, req.params.id, actorOf(req))),
  );

  app.get(
    '/audit',
    {
      schema: {
        operationId: 'adminListAudit',
        summary: '감사 로그 (최신순, 대상별)',
        tags: ['admin'],
        querystring: auditListQuerySchema,
        response: { 200: envelope(auditListView), ...adminErrors },
      },
    },
    async (req) => ok(await listAudit(db, req.query)),
  );

  app.get(
    '/auth-events',
    {
      schema: {
        operationId: 'adminListAuthEvents',
        summary: '로그인 기록 (최신순; 회원, 활동 종류, 성공/실패, 기간 필터)',
        tags: ['admin'],
        querystring: authEventListQuerySchema,
        response: { 200: envelope(authEventListView), ...adminErrors },
      },
    },
    async (req) => ok(await listAuthEvents(db, req.query)),
  );
}
