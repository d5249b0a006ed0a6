import { lockBodySchema, setBalancesBodySchema } from '../../shared/schemas/admin';
import { deletedView, lockView, setBalancesView } from '../../shared/schemas/admin-views';
import { proposedView } from '../../shared/schemas/proposals';
import type { App, Ctx } from '../context';
import type { Db } from '../db';
import { answer } from '../http/declare-routes';
import { createLock, deleteLock, updateLock } from '../members/locks';
import { setBalances } from '../members/set-balances';
import {
  proposeBalances,
  proposeLockCreate,
  proposeLockDelete,
  proposeLockUpdate,
} from '../proposals/propose';
import type { FourEyes } from '../proposals/store';
import { actorOf, adminApi, memberItemParams, memberParams } from './common';

/**
 * With two-person approval on (FOUR_EYES_ADMIN_EDITS) each of these answers 202 with a
 * proposal instead of applying; a balance edit that changes nothing is answered at once, with no proposal.
 */
export async function moneyRoutes(app: App, { db, config }: Ctx) {
  const admin = adminApi(app);
  const fourEyes = config.fourEyes.adminEdits;
  /** With two-person approval on, the change proposed (202); else the change itself. Both take `args`. */
  const proposeOr = async <A extends unknown[], P, T>(
    propose: (db: Db, cfg: FourEyes, ...args: A) => Promise<P>,
    apply: (db: Db, ...args: A) => Promise<T>,
    ...args: A
  ) => (fourEyes ? answer(202, await propose(db, config.fourEyes, ...args)) : apply(db, ...args));

  admin.put('/members/:id/balances', {
    operationId: 'adminSetBalances',
    summary: '잔액 수정 (KRW, ETH, XRP, USDT; 음수는 0으로, 변경마다 원장 기록)',
    params: memberParams,
    body: setBalancesBodySchema,
    view: setBalancesView,
    answers: { 202: proposedView },
    run: async (req) => {
      if (!fourEyes) return setBalances(db, req.params.id, req.body, actorOf(req));
      const r = await proposeBalances(db, config.fourEyes, req.params.id, req.body, actorOf(req));
      return r.applied ? r.applied : answer(202, r.proposed);
    },
  });

  admin.post('/members/:id/locks', {
    operationId: 'adminCreateLock',
    summary: '자산 잠금 추가',
    params: memberParams,
    body: lockBodySchema,
    status: 201,
    view: lockView,
    answers: { 202: proposedView },
    run: (req) => proposeOr(proposeLockCreate, createLock, req.params.id, req.body, actorOf(req)),
  });

  admin.put('/members/:id/locks/:itemId', {
    operationId: 'adminUpdateLock',
    summary: '자산 잠금 수정',
    params: memberItemParams,
    body: lockBodySchema,
    view: lockView,
    answers: { 202: proposedView },
    run: (req) =>
      proposeOr(proposeLockUpdate, updateLock, req.params.id, req.params.itemId, req.body, actorOf(req)),
  });

  admin.delete('/members/:id/locks/:itemId', {
    operationId: 'adminDeleteLock',
    summary: '자산 잠금 삭제',
    params: memberItemParams,
    view: deletedView,
    answers: { 202: proposedView },
    run: (req) => proposeOr(proposeLockDelete, deleteLock, req.params.id, req.params.itemId, actorOf(req)),
  });
}
