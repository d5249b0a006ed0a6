import type { FastifyRequest } from 'fastify';
import type { App } from '../context';
import type { Db, Queryable } from '../db';
import { declareRoutes } from './declare-routes';
import { errorResponses } from './envelope';
import { memberOnly, memberSession } from './guards';
import { idempotencyHeadersSchema, idempotent } from './idempotency';
import type { z } from './zod';

/** One member create endpoint (a deposit or withdrawal request): what differs between them. */
export interface CreateRoute<B extends z.core.$ZodType, V extends z.core.$ZodType, P = void> {
  url: string;
  /** The OpenAPI operationId, also the operation its Idempotency-Key is stored under. */
  operationId: string;
  summary: string;
  tags: string[];
  body: B;
  view: V;
  /**
   * Runs before the transaction (a withdrawal's one-time code, a deposit claim's ledger lookup, which holds
   * no connection while a provider answers); what it returns runs first inside it, and its result is
   * `create`'s last argument.
   */
  prepare?: (
    req: FastifyRequest,
    memberId: string,
    body: z.output<B>,
  ) => Promise<(q: Queryable) => Promise<P>>;
  create: (q: Queryable, memberId: string, body: z.output<B>, prepared: P) => Promise<z.output<V>>;
  /** A failed create: the request to answer 201 with instead (a deposit the scan recorded), or throws. */
  recover?: (err: unknown, memberId: string, body: z.output<B>) => Promise<z.output<V>>;
}

/**
 * The body as the idempotency key stores its hash: without the second password, which a hash of a few
 * known fields and 4–6 digits would give away to anyone reading the table, and without the one-time code,
 * which changes every 30 seconds: a retry typed with a fresh code after the first answer was lost is the
 * same request and gets that answer, not a key conflict after which a new key would make a second one.
 */
function withoutSecrets(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return body;
  const { second_password: _secret, otpCode: _code, ...rest } = body as Record<string, unknown>;
  return rest;
}

/**
 * POST `url` for a signed-in member: the body and an optional Idempotency-Key are validated, the create
 * runs in one transaction at most once per key (`idempotent`), the answer is 201 (or the
 * first answer again).
 */
export function idempotentCreateRoute<B extends z.core.$ZodType, V extends z.core.$ZodType, P = void>(
  app: App,
  db: Db,
  r: CreateRoute<B, V, P>,
) {
  declareRoutes(app, { tags: r.tags, errors: errorResponses(404), preHandler: memberOnly }).post(r.url, {
    operationId: r.operationId,
    summary: r.summary,
    headers: idempotencyHeadersSchema,
    body: r.body,
    status: 201,
    view: r.view,
    run: async (req) => {
      const memberId = memberSession(req).member.id;
      // Generic over the body schema, so the body is typed here rather than by the zod type provider.
      const body = req.body as z.output<B>;
      const first = r.prepare ? await r.prepare(req, memberId, body) : null;
      try {
        // The first answer again for a repeated key: its stored status is the 201 written here.
        const res = await idempotent(
          db,
          {
            memberId,
            key: req.headers['idempotency-key'] as string | undefined,
            operation: r.operationId,
            body: withoutSecrets(body),
          },
          // Without `prepare` there is nothing to pass (P is void).
          async (q) => r.create(q, memberId, body, first ? await first(q) : (undefined as P)),
        );
        return res.data;
      } catch (err) {
        if (!r.recover) throw err;
        return r.recover(err, memberId, body);
      }
    },
  });
}
