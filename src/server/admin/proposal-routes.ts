import {
  confirmedView,
  proposalListView,
  proposedView,
  roleBodySchema,
} from '../../shared/schemas/proposals';
import type { App, Ctx } from '../context';
import { envelope, ok } from '../http/envelope';
import { cancelProposal, confirmProposal } from '../proposals/confirm';
import { proposeRole } from '../proposals/propose';
import { listProposals } from '../proposals/store';
import { actorOf, adminErrors, memberParams } from './common';
import { adminSession } from './guard';

/** Two-person approval (decision 0160): the proposals list, confirm, cancel, administrator roles. */
export async function proposalRoutes(app: App, { db, config }: Ctx) {
  app.get(
    '/proposals',
    {
      schema: {
        operationId: 'adminListProposals',
        summary: '승인 대기 제안 (오래된 순) 과 최근 처리된 제안 20건',
        tags: ['admin'],
        response: { 200: envelope(proposalListView), ...adminErrors },
      },
    },
    async (req) => ok(await listProposals(db, config.fourEyes, adminSession(req).member.id)),
  );

  app.post(
    '/proposals/:id/confirm',
    {
      schema: {
        operationId: 'adminConfirmProposal',
        summary: '제안 승인: 제안한 관리자가 아닌 관리자만, 한 번만 (적용 결과는 원래 요청의 응답과 같음)',
        tags: ['admin'],
        params: memberParams,
        response: { 200: envelope(confirmedView), 201: envelope(confirmedView), ...adminErrors },
      },
    },
    async (req, reply) => {
      const { status, ...out } = await confirmProposal(db, config.fourEyes, req.params.id, actorOf(req));
      return reply.status(status as 200 | 201).send(ok(out));
    },
  );

  app.post(
    '/proposals/:id/cancel',
    {
      schema: {
        operationId: 'adminCancelProposal',
        summary: '제안 취소 (제안한 관리자 또는 다른 관리자)',
        tags: ['admin'],
        params: memberParams,
        response: { 200: envelope(proposedView), ...adminErrors },
      },
    },
    async (req) => ok(await cancelProposal(db, config.fourEyes, req.params.id, actorOf(req))),
  );

  app.post(
    '/members/:id/admin-role',
    {
      schema: {
        operationId: 'adminProposeRole',
        summary: '관리자 권한 부여·회수 제안 (다른 관리자가 승인해야 적용, 마지막 관리자는 회수 불가)',
        tags: ['admin'],
        params: memberParams,
        body: roleBodySchema,
        response: { 202: envelope(proposedView), ...adminErrors },
      },
    },
    async (req, reply) =>
      reply
        .status(202)
        .send(ok(await proposeRole(db, config.fourEyes, req.params.id, req.body.admin, actorOf(req)))),
  );
}
