import { memberListQuerySchema } from '../../shared/schemas/admin';
import { memberClosedView, memberDetailView, memberListView } from '../../shared/schemas/admin-views';
import { readMemberDetail } from '../desk/member-detail';
import { closeMember } from '../members/close-member';
import { listMembers } from '../members/list-members';
import { actorOf, memberParams } from './common';
import { adminModule } from './module';

export const memberRoutes = adminModule(({ admin, db, config }) => {
  admin.get('/members', {
    operationId: 'adminListMembers',
    summary: '회원 목록 (아이디, 이메일, 이름 검색, 페이지 단위)',
    querystring: memberListQuerySchema,
    view: memberListView,
    run: (req) => listMembers(db, req.query),
  });

  admin.get('/members/:id', {
    operationId: 'adminGetMember',
    summary: '회원 상세 (프로필, 잔액, 계좌, 입금 주소, 잠금, 최근 요청)',
    params: memberParams,
    view: memberDetailView,
    run: (req) => readMemberDetail(db, req.params.id, config.explorerUrls),
  });

  admin.post('/members/:id/close', {
    operationId: 'adminCloseMember',
    summary:
      '계정 해지 (잔액이 모두 0이고 대기 중인 요청이 없을 때만; 로그인 차단, 세션 종료, 개인정보 마스킹, 거래 기록은 보존)',
    params: memberParams,
    view: memberClosedView,
    run: (req) => closeMember(db, req.params.id, actorOf(req)),
  });
});
