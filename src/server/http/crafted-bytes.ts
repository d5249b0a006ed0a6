import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { MSG } from '../../shared/messages';
import { hasForbiddenChars, MULTILINE_FIELDS, NAME_FIELD } from '../../shared/schemas/text';
import type { DeclaredRouteConfig } from './declare-routes';
import { AppError } from './errors';

/**
 * Defence in depth behind the shared schemas: every string anywhere in a request's body,
 * query and path parameters, and every object key, is checked for control, bidi and invisible characters
 * before any route's validation runs. Multi-line fields (notice body, memo) may hold line breaks; name-like
 * fields (names, account holders, labels) no variation selector or emoji modifier.
 */
function assertNoCraftedBytes(req: FastifyRequest): void {
  const bad =
    findCrafted(req.body, 'body') ?? findCrafted(req.query, 'query') ?? findCrafted(req.params, 'params');
  if (bad !== null)
    throw new AppError('VALIDATION', MSG.common.controlChars, { [bad]: MSG.common.controlChars });
}

/** The check as a `preValidation` hook. */
export async function craftedBytesHook(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  assertNoCraftedBytes(req);
}

/** The same for the not-found handler: only under /api (the SPA's paths are answered with its page). */
export async function craftedBytesHookUnderApi(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (req.url.startsWith('/api/')) assertNoCraftedBytes(req);
}

/**
 * Whether an /api route needs the check: every route but a declared GET (src/server/http/declare-routes.ts,
 * whose handler reads only what its schema declares) without a path parameter, a query string or a body in
 * its schema. `/api/prices` and `/api/balances` read none of the three, so an undeclared query string
 * given to them is ignored like any other. A route of its own making (the live-event stream reads its query string
 * unvalidated) keeps it.
 */
export function carriesInput(route: RouteOptions): boolean {
  if (!route.url.startsWith('/api/')) return false;
  if ((route.config as Partial<DeclaredRouteConfig> | undefined)?.declaredInputsOnly !== true) return true;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) return true;
  if (route.url.includes(':') || route.url.includes('*')) return true;
  const schema = route.schema as { params?: unknown; querystring?: unknown; body?: unknown } | undefined;
  return schema?.params !== undefined || schema?.querystring !== undefined || schema?.body !== undefined;
}

function findCrafted(value: unknown, path: string, key = '', depth = 0): string | null {
  if (typeof value === 'string')
    return hasForbiddenChars(value, MULTILINE_FIELDS.has(key), NAME_FIELD.test(key)) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findCrafted(value[i], `${path}.${i}`, key, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    if (hasForbiddenChars(k)) return path;
    const found = findCrafted(v, `${path}.${k}`, k, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL's character and encoding errors (22021 invalid byte sequence — NUL among them —, 22P05
 * untranslatable character, 22P02 invalid text representation, 22001 value too long, 22003 numeric out of
 * range, 22007/22008 bad date): bad input that slipped past validation, answered as a 400, never a 500.
 */
const INPUT_ERROR_CODES = new Set([
  '22021',
  '22P05',
  '22P02',
  '22001',
  '22003',
  '22007',
  '22008',
  '22019',
  '22025',
]);

export function isDatabaseInputError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && INPUT_ERROR_CODES.has(code)) return true;
  // Drivers that refuse a NUL in a text parameter before it reaches the server.
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /invalid byte sequence|0x00|null character/i.test(message) && !code;
}
