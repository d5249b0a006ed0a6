import { MSG } from '../../shared/messages';
import type { App, Ctx } from '../context';
import { accountRoutes } from './account-routes';
import { chainStatusRoutes } from './chain-routes';
import { contentRoutes } from './content-routes';
import { decisionRoutes } from './decision-routes';
import { deskWorkRoutes } from './desk-work-routes';
import { exportRoutes } from './export-routes';
import { adminGuard } from './guard';
import { memberRoutes } from './member-routes';
import { moneyRoutes } from './money-routes';
import { payoutRoutes } from './payout-routes';
import { proposalRoutes } from './proposal-routes';
import { queueRoutes } from './queue-routes';
import { receivingAccountRoutes } from './receiving-account-routes';
import { requestRoutes } from './request-routes';
import { reserveRoutes } from './reserve-routes';
import { securityRoutes } from './security-routes';
import { withdrawalLimitRoutes } from './withdrawal-limit-routes';

/**
 * The administrator API: every route under /api/admin is registered here, in one scope whose `onRequest`
 * hook is the one guard. It runs before the body is even read, so an anonymous or member
 * caller learns nothing about an endpoint (401/403, never 400) — an unknown path under /api/admin included:
 * the scope's own not-found answer runs behind the same guard.
 */
/** Every administrator route module: all of them are registered inside the guarded scope below. */
const ADMIN_ROUTES = [
  memberRoutes,
  moneyRoutes,
  accountRoutes,
  requestRoutes,
  decisionRoutes,
  contentRoutes,
  deskWorkRoutes,
  queueRoutes,
  proposalRoutes,
  withdrawalLimitRoutes,
  chainStatusRoutes,
  payoutRoutes,
  reserveRoutes,
  receivingAccountRoutes,
  exportRoutes,
  securityRoutes,
];

export async function adminRoutes(app: App, ctx: Ctx) {
  await app.register(
    async (scoped) => {
      const a = scoped as unknown as App;
      a.addHook('onRequest', adminGuard(ctx.config));
      a.setNotFoundHandler(async (_req, reply) =>
        reply.status(404).send({ data: null, error: { code: 'NOT_FOUND', message: MSG.common.notFound } }),
      );
      for (const routes of ADMIN_ROUTES) await routes(a, ctx);
    },
    { prefix: '/admin' },
  );
}
