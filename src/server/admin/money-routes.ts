import { lockBodySchema, lockView, setBalancesBodySchema, setBalancesView } from '../../shared/schemas/admin';
import type { App, Ctx } from '../context';
import { envelope, ok } from '../http/envelope';
import { adminOnly } from '../http/guards';
import { z } from '../http/zod';
import { actorOf, adminErrors, memberItemParams, memberParams } from './common';
import { createLock, deleteLock, updateLock } from './locks';
import { setBalances } from './set-balances';

export async function moneyRoutes(app: App, { db }: Ctx) {
  app.put(
    '/members/:id/balances',
    {
      preHandler: adminOnly,
      schema: {
        operationId: 'adminSetBalances',
        summary: '잔액 수정 (KRW, ETH, XRP, USDT; 음수는 0으로, 변경마다 원장 기록)',
        tags: ['admin'],
        params: memberParams,
        body: setBalancesBodySchema,
        response: { 200: envelope(setBalancesView), ...adminErrors },
      },
    },
    async (req) => ok(await setBalances(db, req.params.id, req.body, actorOf(req))),
  );

  app.post(
    '/members/:id/locks',
    {
      preHandler: adminOnly,
      schema: {
        operationId: 'adminCreateLock',
        summary: '자산 잠금 추가',
        tags: ['admin'],
        params: memberParams,
        body: lockBodySchema,
        response: { 201: envelope(lockView), ...adminErrors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(ok(await createLock(db, req.params.id, req.body, actorOf(req)))),
  );

  app.put(
    '/members/:id/locks/:itemId',
    {
      preHandler: adminOnly,
      schema: {
        operationId: 'adminUpdateLock',
        summary: '자산 잠금 수정',
        tags: ['admin'],
        params: memberItemParams,
        body: lockBodySchema,
        response: { 200: envelope(lockView), ...adminErrors },
      },
    },
    async (req) => ok(await updateLock(db, req.params.id, req.params.itemId, req.body, actorOf(req))),
  );

  app.delete(
    '/members/:id/locks/:itemId',
    {
      preHandler: adminOnly,
      schema: {
        operationId: 'adminDeleteLock',
        summary: '자산 잠금 삭제',
        tags: ['admin'],
        params: memberItemParams,
        response: { 200: envelope(z.object({ deleted: z.boolean(), id: z.string() })), ...adminErrors },
      },
    },
    async (req) => ok(await deleteLock(db, req.params.id, req.params.itemId, actorOf(req))),
  );
}
