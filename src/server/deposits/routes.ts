import { DEFAULT_DEPOSIT_NETWORK } from '../../shared/networks';
import {
  cryptoDepositBodySchema,
  depositAddressQuerySchema,
  depositAddressViewSchema,
  depositViewSchema,
  krwDepositBodySchema,
} from '../../shared/schemas/deposits';
import type { App, Ctx } from '../context';
import { isUniqueViolation } from '../db/iso-time';
import { idempotentCreateRoute } from '../http/create-route';
import { declareRoutes } from '../http/declare-routes';
import { errorResponses } from '../http/envelope';
import { memberOnly, requireMember } from '../http/guards';
import {
  createCryptoDeposit,
  foundOnChain,
  mapDepositError,
  memberDepositAddress,
} from './create-crypto-deposit';
import { createKrwDeposit } from './create-krw-deposit';

/** A member's deposit requests and address (approve/reject: admin/decision-routes.ts). */
export async function depositRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;

  idempotentCreateRoute(app, db, {
    url: '/deposits/crypto',
    operationId: 'createCryptoDeposit',
    summary: 'USDT 입금 신청 (입금 주소는 회원에게 배정된 주소, 같은 TXID는 한 번만)',
    tags: ['deposits'],
    body: cryptoDepositBodySchema,
    view: depositViewSchema,
    create: createCryptoDeposit,
    async recover(err, memberId, body) {
      // The scan recorded this transfer while the claim was being written: the claim is that request.
      const found = isUniqueViolation(err, 'deposits_txid_key')
        ? await foundOnChain(db, memberId, body.txid)
        : null;
      if (found) return found;
      throw mapDepositError(err);
    },
  });

  idempotentCreateRoute(app, db, {
    url: '/deposits/krw',
    operationId: 'createKrwDeposit',
    summary: '원화 입금 신청 (최소 10,000원, 원 단위)',
    tags: ['deposits'],
    body: krwDepositBodySchema,
    view: depositViewSchema,
    create: createKrwDeposit,
  });

  const api = declareRoutes(app, { tags: ['deposits'], errors: errorResponses(404), preHandler: memberOnly });
  api.get('/deposit-address', {
    operationId: 'getDepositAddress',
    summary:
      '내 USDT 입금 주소: 네트워크(TRC20 기본, ERC20)별 주소 (배정되지 않았으면 null)와 관리자 문의 링크',
    querystring: depositAddressQuerySchema,
    view: depositAddressViewSchema,
    run: async (req) => {
      const s = requireMember(req);
      const network = req.query.network ?? DEFAULT_DEPOSIT_NETWORK;
      const address = await memberDepositAddress(db, s.member.id, network);
      return { address, network, chat_url: config.adminChatUrl };
    },
  });
}
