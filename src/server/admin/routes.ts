import type { App, Ctx } from '../context';
import { adminOnly } from '../http/guards';
import { proposalRoutes } from '../proposals/routes';
import { accountRoutes } from './account-routes';
import { contentRoutes } from './content-routes';
import { memberRoutes } from './member-routes';
import { moneyRoutes } from './money-routes';
import { pendingQueueRoutes } from './pending-queue';
import { requestRoutes } from './request-routes';

/**
 * The administrator API under /api/admin. Every route also declares `preHandler: adminOnly`; the
 * hook below refuses non-administrators already at `onRequest`, before the body is even validated,
 * so an anonymous or member caller learns nothing about the endpoint (401/403, never 400).
 */
export async function adminRoutes(app: App, ctx: Ctx) {
  await app.register(
    async (scoped) => {
      const a = scoped as unknown as App;
      a.addHook('onRequest', adminOnly);
      await memberRoutes(a, ctx);
      await moneyRoutes(a, ctx);
      await accountRoutes(a, ctx);
      await requestRoutes(a, ctx);
      await contentRoutes(a, ctx);
      await pendingQueueRoutes(a, ctx);
      await proposalRoutes(a, ctx);
    },
    { prefix: '/admin' },
  );
}
