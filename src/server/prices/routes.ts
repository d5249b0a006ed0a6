import { pricesSchema } from '../../shared/schemas/prices';
import type { App, Ctx } from '../context';
import { declareRoutes, SESSION_SECURITY } from '../http/declare-routes';
import { errorsOnly } from '../http/envelope';
import { memberOnly } from '../http/guards';
import { readPrices } from './read-prices';

export async function priceRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;

  const api = declareRoutes(app, {
    tags: ['prices'],
    errors: errorsOnly(401),
    security: SESSION_SECURITY,
    preHandler: memberOnly,
  });

  api.get('/prices', {
    operationId: 'getPrices',
    summary: '가상자산 USD 시세와 USD→KRW 환율 (실시간 또는 샘플)',
    view: pricesSchema,
    run: () => readPrices(db, config.prices.staleSeconds),
  });
}
