import { priceHistoryQuerySchema, priceHistorySchema } from '../../shared/schemas/price-history';
import { pricesSchema } from '../../shared/schemas/prices';
import type { App, Ctx } from '../context';
import { declareRoutes, SESSION_SECURITY } from '../http/declare-routes';
import { errorsOnly } from '../http/envelope';
import { memberOnly } from '../http/guards';
import { readPriceHistory } from './read-price-history';
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

  const withInput = declareRoutes(app, {
    tags: ['prices'],
    errors: errorsOnly(400, 401),
    security: SESSION_SECURITY,
    preHandler: memberOnly,
  });

  withInput.get('/prices/history', {
    operationId: 'getPriceHistory',
    summary: '시세 기록 (1일·1주·1개월 차트와 24시간 변동률용, 서버가 받아온 실시간 시세만)',
    querystring: priceHistoryQuerySchema,
    view: priceHistorySchema,
    run: (req) => readPriceHistory(db, req.query.period, req.query.symbol),
  });
}
