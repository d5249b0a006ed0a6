import type { App, Ctx } from '../context';
import { healthRoutes } from './health';
import { createMetrics, type Metrics, metricsRoute } from './metrics';

const registries = new WeakMap<object, Metrics>();

/** Health, readiness and metrics routes (called once by buildApp, before the API routes). */
export async function registerOps(app: App, ctx: Ctx): Promise<void> {
  // The metrics first: their `onRoute` hook gives every route added after it, /healthz included, its recorder.
  const metrics = createMetrics(app, ctx);
  await healthRoutes(app, ctx);
  registries.set(app, metrics);
  metricsRoute(app, metrics, ctx.config.ops.metricsToken);
}

export function metricsRegistry(app: object): Metrics | undefined {
  return registries.get(app);
}
