import { lockBodySchema, setBalancesBodySchema } from '../../shared/schemas/admin';
import { lockView, setBalancesView } from '../../shared/schemas/admin-views';
import { proposedView } from '../../shared/schemas/proposals';
import type { App, Ctx } from '../context';
import { envelope, ok } from '../http/envelope';
import { z } from '../http/zod';
import {
  proposeBalances,
  proposeLockCreate,
  proposeLockDelete,
  proposeLockUpdate,
} from '../proposals/propose';
import { actorOf, adminErrors, memberItemParams, memberParams } from './common';
import { createLock, deleteLock, updateLock } from './locks';
import { setBalances } from './set-balances';

/**
 * With two-person approval on (FOUR_EYES_ADMIN_EDITS, decision 0160) each of these answers 202 with a
 * proposal instead of applying; a balance edit that changes nothing is answered as before.
 */
export async function moneyRoutes(app: App, { db, config }: Ctx) {
  const fourEyes = config.fourEyes.adminEdits;
  app.put(
    '/members/:id/balances',
    {
      schema: {
        operationId: 'adminSetBalances',
        summary: '잔액 수정 (KRW, ETH, XRP, USDT; 음수는 0으로, 변경마다 원장 기록)',
        tags: ['admin'],
        params: memberParams,
        body: setBalancesBodySchema,
        response: { 200: envelope(setBalancesView), 202: envelope(proposedView), ...adminErrors },
      },
    },
    async (req, reply) => {
      if (!fourEyes) return ok(await setBalances(db, req.params.id, req.body, actorOf(req)));
      const r = await proposeBalances(db, config.fourEyes, req.params.id, req.body, actorOf(req));
      return r.applied ? ok(r.applied) : reply.status(202).send(ok(r.proposed));
    },
  );

  app.post(
    '/members/:id/locks',
    {
      schema: {
        operationId: 'adminCreateLock',
        summary: '자산 잠금 추가',
        tags: ['admin'],
        params: memberParams,
        body: lockBodySchema,
        response: { 201: envelope(lockView), 202: envelope(proposedView), ...adminErrors },
      },
    },
    async (req, reply) =>
      fourEyes
        ? reply
            .status(202)
            .send(ok(await proposeLockCreate(db, config.fourEyes, req.params.id, req.body, actorOf(req))))
        : reply.status(201).send(ok(await createLock(db, req.params.id, req.body, actorOf(req)))),
  );

  app.put(
    '/members/:id/locks/:itemId',
    {
      schema: {
        operationId: 'adminUpdateLock',
        summary: '자산 잠금 수정',
        tags: ['admin'],
        params: memberItemParams,
        body: lockBodySchema,
        response: { 200: envelope(lockView), 202: envelope(proposedView), ...adminErrors },
      },
    },
    async (req, reply) =>
      fourEyes
        ? reply
            .status(202)
            .send(
              ok(
                await proposeLockUpdate(
                  db,
                  config.fourEyes,
                  req.params.id,
                  req.params.itemId,
                  req.body,
                  actorOf(req),
                ),
              ),
            )
        : ok(await updateLock(db, req.params.id, req.params.itemId, req.body, actorOf(req))),
  );

  app.delete(
    '/members/:id/locks/:itemId',
    {
      schema: {
        operationId: 'adminDeleteLock',
        summary: '자산 잠금 삭제',
        tags: ['admin'],
        params: memberItemParams,
        response: {
          200: envelope(z.object({ deleted: z.boolean(), id: z.string() })),
          202: envelope(proposedView),
          ...adminErrors,
        },
      },
    },
    async (req, reply) =>
      fourEyes
        ? reply
            .status(202)
            .send(
              ok(
                await proposeLockDelete(db, config.fourEyes, req.params.id, req.params.itemId, actorOf(req)),
              ),
            )
        : ok(await deleteLock(db, req.params.id, req.params.itemId, actorOf(req))),
  );
}
