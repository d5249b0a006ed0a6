import { RESERVE_PROOF_MESSAGES } from '../../shared/messages/reserve-proof';
import { memberProofView, publicReservesView } from '../../shared/schemas/reserves';
import type { App, Ctx } from '../context';
import { declareRoutes, SESSION_SECURITY } from '../http/declare-routes';
import { errorsOnly } from '../http/envelope';
import { AppError } from '../http/errors';
import { memberOnly, memberSession } from '../http/guards';
import { perAddressLimit, throttle } from '../http/throttle';
import { memberProof } from './liabilities';
import { publicReserves } from './reserves';

/** Published checks shown on the public page. */
const PUBLIC_LIMIT = 30;

/**
 * The proof of reserves outside the desk (decision 0450): the published roots beside the chain, open to
 * anyone, and a member's own proof of liabilities.
 */
export async function reserveProofRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;

  const open = declareRoutes(app, { tags: ['reserves'], errors: errorsOnly(429) });
  open.get('/reserves', {
    preHandler: throttle(db, perAddressLimit('reserves', config.rateLimitPerAddress)),
    operationId: 'getPublicReserves',
    summary:
      '공개 준비금 (로그인 불필요): 기록 시각, 머클 합 트리 루트(해시, 통화별 회원 잔액 총액), 회사 지갑의 체인 잔액(입금 주소, 핫, 콜드), 콜드 비율, 보유 비율 (최신순)',
    view: publicReservesView,
    run: () => publicReserves(db, PUBLIC_LIMIT),
  });

  const member = declareRoutes(app, {
    tags: ['reserves'],
    errors: errorsOnly(401, 404),
    security: SESSION_SECURITY,
    preHandler: memberOnly,
  });
  member.get('/reserves/proof', {
    operationId: 'getMyReserveProof',
    summary:
      '내 자산 증명 (가장 최근 기록, 그 뒤에 가입했으면 404): 내 잔액, 식별값(commitment), 잎 해시, 루트까지의 경로(형제 노드의 해시와 합), 공개된 루트. 인코딩: 금액은 통화마다 소수 8자리의 정수 단위(u128 빅엔디언), 잎 = SHA-256(0x00‖commitment‖금액들), 노드 = SHA-256(0x01‖왼쪽 해시‖왼쪽 합‖오른쪽 해시‖오른쪽 합). scripts/verify-proof.mjs 로 저장한 파일을 확인할 수 있습니다.',
    view: memberProofView,
    run: async (req) => {
      const proof = await memberProof(db, memberSession(req).member.id);
      if (!proof) throw new AppError('NOT_FOUND', RESERVE_PROOF_MESSAGES.reserveProof.none);
      return proof;
    },
  });
}
