import { memberListQuerySchema } from '../../shared/schemas/admin';
import { memberDetailView, memberListView } from '../../shared/schemas/admin-views';
import type { App, Ctx } from '../context';
import { envelope, ok } from '../http/envelope';
import { z } from '../http/zod';
import { closeMember } from './close-member';
import { actorOf, adminErrors, memberParams } from './common';
import { listMembers } from './list-members';
import { readMemberDetail } from './read-member-detail';

export async function memberRoutes(app: App, { db, config }: Ctx) {
  app.get(
    '/members',
    {
      schema: {
        operationId: 'adminListMembers',
        summary: '회원 목록 (아이디, 이메일, 이름 검색, 페이지 단위)',
        tags: ['admin'],
        querystring: memberListQuerySchema,
        response: { 200: envelope(memberListView), ...adminErrors },
      },
    },
    async (req) => ok(await listMembers(db, req.query)),
  );

  app.get(
    '/members/:id',
    {
      schema: {
        operationId: 'adminGetMember',
        summary: '회원 상세 (프로필, 잔액, 계좌, 입금 주소, 잠금, 최근 요청)',
        tags: ['admin'],
        params: memberParams,
        response: { 200: envelope(memberDetailView), ...adminErrors },
      },
    },
    async (req) => ok(await readMemberDetail(db, req.params.id, config.explorerUrls)),
  );

  app.post(
    '/members/:id/close',
    {
      schema: {
        operationId: 'adminCloseMember',
        summary:
          '계정 해지 (잔액이 모두 0이고 대기 중인 요청이 없을 때만; 로그인 차단, 세션 종료, 개인정보 마스킹, 거래 기록은 보존)',
        tags: ['admin'],
        params: memberParams,
        response: {
          200: envelope(
            z.object({ closed: z.boolean(), id: z.string(), username: z.string(), closed_at: z.string() }),
          ),
          ...adminErrors,
        },
      },
    },
    async (req) => ok(await closeMember(db, req.params.id, actorOf(req))),
  );
}
