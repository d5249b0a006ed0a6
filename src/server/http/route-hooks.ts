import type { RouteOptions } from 'fastify';

type Hook = (...args: never[]) => unknown;
type HookName = 'preValidation' | 'onResponse';

/**
 * Adds `hook` to one route's own hooks from an `onRoute` hook: the route pays for it only when
 * it needs it, and nothing reads the route's options per request (`req.routeOptions` builds an object at
 * each read). Never twice: a route whose options already hold it (options reused for a second route) keeps
 * one. `first` puts it before the route's own hooks of that kind, where a global hook runs.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: Hook, first = false): void {
  const current = route[name] as Hook | Hook[] | undefined;
  const hooks = current === undefined ? [] : Array.isArray(current) ? current : [current];
  if (hooks.includes(hook)) return;
  (route as unknown as Record<HookName, Hook[]>)[name] = first ? [hook, ...hooks] : [...hooks, hook];
}
