import { pricesSchema } from '../../shared/schemas/prices';
import type { App, Ctx } from '../context';
import { envelope, errorEnvelope, ok } from '../http/envelope';
import { memberOnly } from '../http/guards';
import { readPrices } from './read-prices';

export async function priceRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;

  app.get(
    '/prices',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'getPrices',
        summary: '가상자산 USD 시세와 USD→KRW 환율 (실시간 또는 샘플)',
        tags: ['prices'],
        security: [{ session: [] }],
        response: { 200: envelope(pricesSchema), 401: errorEnvelope },
      },
    },
    async () => ok(await readPrices(db, config.prices.staleSeconds)),
  );
}
