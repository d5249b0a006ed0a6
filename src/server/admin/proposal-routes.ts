import {
  cancelBodySchema,
  confirmBodySchema,
  confirmedView,
  proposalListView,
  proposedView,
  roleBodySchema,
} from '../../shared/schemas/proposals';
import { originOf } from '../auth/auth-events';
import { issueRecovery, recoveryAccount } from '../auth/recovery';
import { answer } from '../http/declare-routes';
import { createMailer } from '../mail/mailer';
import { cancelProposal, confirmProposal } from '../proposals/confirm';
import { roleGrant, roleRevoke } from '../proposals/kinds-accounts';
import { act } from '../proposals/registry';
import { listProposals } from '../proposals/store';
import { actorOf, memberParams } from './common';
import { adminSession } from './guard';
import { adminModule } from './module';

/** Two-person approval: the proposals list, confirm, cancel, administrator roles. */
export const proposalRoutes = adminModule(({ admin, db, config }) => {
  admin.get('/proposals', {
    operationId: 'adminListProposals',
    summary: '승인 대기 제안 (오래된 순) 과 최근 처리된 제안 20건',
    view: proposalListView,
    run: (req) => listProposals(db, config.fourEyes, adminSession(req).member.id),
  });

  admin.post('/proposals/:id/confirm', {
    operationId: 'adminConfirmProposal',
    summary:
      '제안 승인: 제안한 관리자가 아닌 관리자만, 그 순간의 OTP 코드와 함께, 한 번만 (적용 결과는 원래 요청의 응답과 같음)',
    params: memberParams,
    body: confirmBodySchema,
    view: confirmedView,
    answers: { 201: confirmedView },
    run: async (req) => {
      const { status, ...out } = await confirmProposal(
        { db, config },
        req.params.id,
        actorOf(req),
        req.body?.otpCode,
      );
      // A recovery two administrators agreed on is mailed once it is committed (decision 0400).
      if (out.proposal.kind === 'member.recovery') {
        const secret = out.proposal.payload.secret === 'second_password' ? 'second_password' : 'password';
        const account = await recoveryAccount(db, out.proposal.member_id);
        const mailer = createMailer(config, req.log);
        try {
          if (account) {
            const origin = { ...originOf(req), proposalId: out.proposal.id };
            await (await issueRecovery(db, mailer, account, secret, origin)).mailed;
          }
        } finally {
          mailer.close();
        }
      }
      return status === 201 ? answer(201, out) : out;
    },
  });

  admin.post('/proposals/:id/cancel', {
    operationId: 'adminCancelProposal',
    summary:
      '제안 반려 (다른 관리자, 사유 필수) 또는 철회 (제안한 관리자, 사유 선택): 감사 기록에 두 사람 모두',
    params: memberParams,
    body: cancelBodySchema,
    view: proposedView,
    run: (req) => cancelProposal(db, config.fourEyes, req.params.id, actorOf(req), req.body?.reason),
  });

  admin.post('/members/:id/admin-role', {
    operationId: 'adminProposeRole',
    summary: '관리자 권한 부여·회수 제안 (다른 관리자가 승인해야 적용, 마지막 관리자는 회수 불가)',
    params: memberParams,
    body: roleBodySchema,
    status: 202,
    view: proposedView,
    run: async (req) => {
      const kind = req.body.admin ? roleGrant : roleRevoke;
      const r = await act(db, config, kind, { memberId: req.params.id }, actorOf(req));
      if (!('proposed' in r)) throw new Error('a role change is always a proposal');
      return r.proposed;
    },
  });
});
