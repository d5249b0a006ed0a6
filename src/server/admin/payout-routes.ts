import { MSG } from '../../shared/messages';
import { payoutBatchItemSchema, payoutRowSchema } from '../../shared/schemas/payouts';
import { proposedView } from '../../shared/schemas/proposals';
import { hasForbiddenChars } from '../../shared/schemas/text';
import type { App, Ctx } from '../context';
import { idParams } from '../http/params';
import { z } from '../http/zod';
import { batchCsv, batchOf, importPayouts, listPayouts, recordPayout } from '../payouts/store';
import { payoutCorrection, payoutReturn } from '../proposals/kinds-payout';
import { act } from '../proposals/registry';
import { actorOf, adminApi } from './common';

const P = MSG.payouts;
const txid = () => z.string({ error: P.txidInvalid('') }).max(100, P.txidInvalid(''));
const txidBody = z.strictObject({ txid: txid() });
/** A correction says why: the second administrator and the audit log read it. */
const correctionBody = z.strictObject({
  txid: txid(),
  reason: z
    .string({ error: P.reasonRequired })
    .trim()
    .min(1, P.reasonRequired)
    .max(200, P.reasonTooLong)
    .refine((v) => !hasForbiddenChars(v), MSG.common.controlChars),
});
/** Sending a payout back says why: the second administrator and the audit log read it. */
const returnBody = z.strictObject({ reason: correctionBody.shape.reason });
const importBody = z.strictObject({
  items: z
    .array(z.strictObject({ id: z.string().max(100), txid: z.string().max(100) }))
    .min(1, P.importEmpty)
    .max(500, P.importTooMany),
});
const listQuery = z.strictObject({ filter: z.optional(z.enum(['unpaid', 'open', 'all'])) });

/**
 * The desk's payouts (decision 0352): the list with each payout's state and overdue flag, the batch for
 * the signing system (JSON, CSV), recording the TXIDs by hand or by import, and proposing a correction of
 * a TXID still being checked (decision 0392).
 */
export async function payoutRoutes(app: App, { db, config }: Ctx) {
  const admin = adminApi(app);
  const hours = config.chain.payouts.confirmHours;

  admin.get('/payouts', {
    operationId: 'adminListPayouts',
    summary: '승인된 외부 출금의 지급 상태 (출금 처리 중, 확인 중, 출금 완료, 불일치; 기한 넘김 표시)',
    querystring: listQuery,
    view: z.object({ items: z.array(payoutRowSchema), confirm_hours: z.number() }),
    run: async (req) => ({
      items: await listPayouts(db, hours, req.query.filter ?? 'open'),
      confirm_hours: hours,
    }),
  });

  admin.get('/payouts/batch', {
    operationId: 'adminPayoutBatch',
    summary:
      '서명 시스템용 지급 배치 (JSON): TXID가 기록된 적 없는 승인된 외부 출금, 그리고 두 관리자가 다시 보낸 지급',
    view: z.object({ items: z.array(payoutBatchItemSchema) }),
    run: async () => ({ items: batchOf(await listPayouts(db, hours, 'unpaid')) }),
  });

  admin.download('/payouts/batch.csv', {
    operationId: 'adminPayoutBatchCsv',
    summary:
      '서명 시스템용 지급 배치 (CSV): TXID가 기록된 적 없는 승인된 외부 출금, 그리고 두 관리자가 다시 보낸 지급',
    contentType: 'text/csv; charset=utf-8',
    filename: 'payout-batch.csv',
    run: async () => batchCsv(batchOf(await listPayouts(db, hours, 'unpaid'))),
  });

  admin.post('/withdrawals/:id/payout', {
    operationId: 'adminRecordPayout',
    summary: '출금 지급 TXID 기록 (이미 다른 출금에 쓰인 TXID는 거절, 감사 기록)',
    params: idParams,
    body: txidBody,
    view: z.object({ id: z.string(), network: z.string(), txid: z.string() }),
    run: (req) => recordPayout(db, actorOf(req), req.params.id, req.body.txid),
  });

  admin.post('/withdrawals/:id/payout/correction', {
    operationId: 'adminProposePayoutCorrection',
    summary:
      '체인 확인 중인 지급 TXID 정정 제안 (사유 필수, 다른 관리자가 확인해야 적용; 확인된 지급은 불가, 틀린 TXID 기록은 남음)',
    params: idParams,
    body: correctionBody,
    status: 202,
    view: proposedView,
    run: async (req) => {
      const input = { withdrawalId: req.params.id, txid: req.body.txid, reason: req.body.reason };
      const r = await act(db, config, payoutCorrection, input, actorOf(req));
      if (!('proposed' in r)) throw new Error('a payout correction is always a proposal');
      return r.proposed;
    },
  });

  admin.post('/withdrawals/:id/payout/return', {
    operationId: 'adminProposePayoutReturn',
    summary:
      '체인에서 틀린 것으로 판정된 지급을 서명 배치로 다시 보내는 제안 (사유 필수, 다른 관리자가 확인해야 적용; 대신하는 TXID가 배치에 표시됨)',
    params: idParams,
    body: returnBody,
    status: 202,
    view: proposedView,
    run: async (req) => {
      const input = { withdrawalId: req.params.id, reason: req.body.reason };
      const r = await act(db, config, payoutReturn, input, actorOf(req));
      if (!('proposed' in r)) throw new Error('sending a payout back is always a proposal');
      return r.proposed;
    },
  });

  admin.post('/payouts/import', {
    operationId: 'adminImportPayouts',
    summary: '지급 TXID 가져오기 (서명 시스템 결과: id와 txid 목록, 건별 결과)',
    body: importBody,
    view: z.object({
      results: z.array(z.object({ id: z.string(), ok: z.boolean(), error: z.nullable(z.string()) })),
    }),
    run: (req) => importPayouts(db, actorOf(req), req.body.items),
  });
}
