import type { Registry } from 'prom-client';
import type { App, Ctx } from '../context';
import { healthRoutes } from './health';
import { createMetrics, metricsRoute } from './metrics';

const registries = new WeakMap<object, Registry>();

/** Health, readiness and metrics routes (called once by buildApp, before the API routes). */
export async function registerOps(app: App, ctx: Ctx): Promise<void> {
  await healthRoutes(app, ctx);
  const register = createMetrics(app, ctx);
  registries.set(app, register);
  metricsRoute(app, register, ctx.config.ops.metricsToken);
}

export function metricsRegistry(app: object): Registry | undefined {
  return registries.get(app);
}
