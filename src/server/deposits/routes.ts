import { MSG } from '../../shared/messages';
import { DEFAULT_DEPOSIT_NETWORK } from '../../shared/networks';
import {
  cryptoDepositBodySchema,
  depositAddressQuerySchema,
  depositAddressViewSchema,
  depositViewSchema,
  krwDepositBodySchema,
} from '../../shared/schemas/deposits';
import { checkedNetworks } from '../chain/chain-config';
import type { App, Ctx } from '../context';
import { isUniqueViolation } from '../db/iso-time';
import { envelope, errorEnvelope, ok } from '../http/envelope';
import { adminOnly, memberOnly, requireAdmin, requireMember } from '../http/guards';
import { idempotencyHeadersSchema, idempotent } from '../http/idempotency';
import { z } from '../http/zod';
import {
  createCryptoDeposit,
  foundOnChain,
  mapDepositError,
  memberDepositAddress,
} from './create-crypto-deposit';
import { createKrwDeposit } from './create-krw-deposit';
import { decideDeposit } from './decide-deposit';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
};
const idParams = z.strictObject({ id: z.string().max(64) });
const decisionBody = z
  .strictObject({
    reason: z.string().trim().max(200, MSG.approval.reasonTooLong).optional(),
    /** Issue 19: approve although the chain's verdict is not 일치 (needs a reason; decision 0171). */
    chain_override: z.boolean().optional(),
  })
  .nullish();

export async function depositRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;

  app.post(
    '/deposits/crypto',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'createCryptoDeposit',
        summary: 'USDT 입금 신청 (입금 주소는 회원에게 배정된 주소, 같은 TXID는 한 번만)',
        tags: ['deposits'],
        headers: idempotencyHeadersSchema,
        body: cryptoDepositBodySchema,
        response: { 201: envelope(depositViewSchema), ...errors },
      },
    },
    async (req, reply) => {
      const s = requireMember(req);
      try {
        const r = await idempotent(
          db,
          {
            memberId: s.member.id,
            key: req.headers['idempotency-key'],
            operation: 'createCryptoDeposit',
            body: req.body,
          },
          (q) => createCryptoDeposit(q, s.member.id, req.body),
        );
        return reply.status(r.status).send(ok(r.data));
      } catch (err) {
        // The scan recorded this transfer while the claim was being written: the claim is that request.
        const found = isUniqueViolation(err, 'deposits_txid_key')
          ? await foundOnChain(db, s.member.id, req.body.txid)
          : null;
        if (found) return reply.status(201).send(ok(found));
        throw mapDepositError(err);
      }
    },
  );

  app.post(
    '/deposits/krw',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'createKrwDeposit',
        summary: '원화 입금 신청 (최소 10,000원, 원 단위)',
        tags: ['deposits'],
        headers: idempotencyHeadersSchema,
        body: krwDepositBodySchema,
        response: { 201: envelope(depositViewSchema), ...errors },
      },
    },
    async (req, reply) => {
      const s = requireMember(req);
      const r = await idempotent(
        db,
        {
          memberId: s.member.id,
          key: req.headers['idempotency-key'],
          operation: 'createKrwDeposit',
          body: req.body,
        },
        (q) => createKrwDeposit(q, s.member.id, req.body),
      );
      return reply.status(r.status).send(ok(r.data));
    },
  );

  app.get(
    '/deposit-address',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'getDepositAddress',
        summary:
          '내 USDT 입금 주소: 네트워크(TRC20 기본, ERC20)별 주소 (배정되지 않았으면 null)와 관리자 문의 링크',
        tags: ['deposits'],
        querystring: depositAddressQuerySchema,
        response: { 200: envelope(depositAddressViewSchema), ...errors },
      },
    },
    async (req) => {
      const s = requireMember(req);
      const network = req.query.network ?? DEFAULT_DEPOSIT_NETWORK;
      const address = await memberDepositAddress(db, s.member.id, network);
      return ok({ address, network, chat_url: config.adminChatUrl });
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/admin/deposits/:id/${decision}`,
      {
        preHandler: adminOnly,
        schema: {
          operationId: decision === 'approve' ? 'adminApproveDeposit' : 'adminRejectDeposit',
          summary:
            decision === 'approve'
              ? '입금 승인: 대기 중인 신청만, 잔액 입금과 원장 기록을 한 트랜잭션에서'
              : '입금 거절: 대기 중인 신청만, 잔액 변동 없음',
          tags: ['admin'],
          params: idParams,
          body: decisionBody,
          response: { 200: envelope(depositViewSchema), ...errors },
        },
      },
      async (req) => {
        const s = requireAdmin(req);
        const view = await decideDeposit(
          db,
          { id: s.member.id, username: s.member.username, ip: req.ip },
          req.params.id,
          decision,
          req.body?.reason,
          { override: req.body?.chain_override === true, checkedNetworks: checkedNetworks(config.chain) },
        );
        return ok(view);
      },
    );
  }
}
