import { MSG } from '../../shared/messages';
import {
  recoveryAnswerView,
  recoveryFinishBodySchema,
  recoveryRequestBodySchema,
} from '../../shared/schemas/recovery';
import type { App, Ctx } from '../context';
import { declareRoutes } from '../http/declare-routes';
import { errorResponses } from '../http/envelope';
import { perAddressLimit, throttle } from '../http/throttle';
import { createMailer } from '../mail/mailer';
import { originOf } from './auth-events';
import { finishRecovery, requestRecovery } from './recovery';

const R = MSG.recovery;

/** 비밀번호 찾기 and the second password's recovery: open to anyone, answered alike for every name. */
export async function recoveryRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const api = declareRoutes(app, { tags: ['auth'], errors: errorResponses(429, 503) });
  /** Per-address throttle of the unauthenticated endpoints (a route option). */
  const perAddress = (name: string) => throttle(db, perAddressLimit(name, config.rateLimitPerAddress));

  api.post('/recovery', {
    preHandler: perAddress('recovery'),
    operationId: 'requestRecovery',
    summary:
      '비밀번호·2차 비밀번호 찾기: 계정의 이메일로 6자리 인증 코드(15분, 5회, 1회용)를 보냅니다. 계정이 없어도 같은 답입니다.',
    body: recoveryRequestBodySchema,
    status: 202,
    view: recoveryAnswerView,
    run: (req) => requestRecovery(db, mailer, req.body, originOf(req)),
  });

  api.post('/recovery/finish', {
    preHandler: perAddress('recovery-finish'),
    operationId: 'finishRecovery',
    summary: '인증 코드와 새 비밀번호(또는 2차 비밀번호)로 재설정: 모든 세션 종료, 출금·이체 대기',
    body: recoveryFinishBodySchema,
    view: recoveryAnswerView,
    run: async (req) => {
      const b = req.body;
      await finishRecovery(
        db,
        mailer,
        { identifier: b.identifier, secret: b.secret, code: b.code, next: b.new_secret },
        originOf(req),
        config.withdrawalRules.adminResetHoldHours,
      );
      return { message: b.secret === 'password' ? R.done : R.doneSecond };
    },
  });
}
