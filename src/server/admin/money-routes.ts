import { adjustmentBodySchema, lockBodySchema, setBalancesBodySchema } from '../../shared/schemas/admin';
import { adjustmentView, deletedView, lockView, setBalancesView } from '../../shared/schemas/admin-views';
import { lockCreate, lockDelete, lockUpdate } from '../proposals/kinds-accounts';
import { balanceAdjustment, balancesEdit } from '../proposals/kinds-money';
import { memberItemParams, memberParams } from './common';
import { adminModule, memberBody } from './module';

/**
 * Balance changes and asset locks. With two-person approval on (FOUR_EYES_ADMIN_EDITS, decision 0160) each
 * answers 202 with a proposal instead of applying; an adjustment also past the thresholds (decision 0321);
 * a balance edit that changes nothing is answered at once.
 */
export const moneyRoutes = adminModule(({ action }) => {
  action.post('/members/:id/adjustments', {
    operationId: 'adminAdjustBalance',
    summary: '잔액 조정 (+/− 금액과 사유, 원장에 조정 기록; 다른 관리자의 승인 후 적용)',
    params: memberParams,
    body: adjustmentBodySchema,
    view: adjustmentView,
    kind: balanceAdjustment,
    input: memberBody,
  });

  action.put('/members/:id/balances', {
    operationId: 'adminSetBalances',
    summary: '잔액 수정 (KRW, ETH, XRP, USDT; 음수는 0으로, 변경마다 원장 기록)',
    params: memberParams,
    body: setBalancesBodySchema,
    view: setBalancesView,
    kind: balancesEdit,
    input: memberBody,
  });

  action.post('/members/:id/locks', {
    operationId: 'adminCreateLock',
    summary: '자산 잠금 추가',
    params: memberParams,
    body: lockBodySchema,
    status: 201,
    view: lockView,
    kind: lockCreate,
    input: memberBody,
  });

  action.put('/members/:id/locks/:itemId', {
    operationId: 'adminUpdateLock',
    summary: '자산 잠금 수정',
    params: memberItemParams,
    body: lockBodySchema,
    view: lockView,
    kind: lockUpdate,
    input: (req) => ({ memberId: req.params.id, lockId: req.params.itemId, body: req.body }),
  });

  action.delete('/members/:id/locks/:itemId', {
    operationId: 'adminDeleteLock',
    summary: '자산 잠금 삭제',
    params: memberItemParams,
    view: deletedView,
    kind: lockDelete,
    input: (req) => ({ memberId: req.params.id, lockId: req.params.itemId }),
  });
});
