import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { App } from '../context';
import type { Db, Queryable } from '../db';
import { envelope, errorResponses, ok } from './envelope';
import { memberOnly, requireMember } from './guards';
import { idempotencyHeadersSchema, idempotent } from './idempotency';
import type { z } from './zod';

const errors = errorResponses(404);

/** One member create endpoint (a deposit or withdrawal request): what differs between them. */
export interface CreateRoute<B extends z.core.$ZodType, V extends z.core.$ZodType> {
  url: string;
  /** The OpenAPI operationId, also the operation its Idempotency-Key is stored under. */
  operationId: string;
  summary: string;
  tags: string[];
  body: B;
  view: V;
  /** Runs before the transaction; what it returns runs first inside it (a withdrawal's one-time code). */
  prepare?: (
    req: FastifyRequest,
    memberId: string,
    body: z.output<B>,
  ) => Promise<(q: Queryable) => Promise<void>>;
  create: (q: Queryable, memberId: string, body: z.output<B>) => Promise<z.output<V>>;
  /** A failed create: the request to answer 201 with instead (a deposit the scan recorded), or throws. */
  recover?: (err: unknown, memberId: string, body: z.output<B>) => Promise<z.output<V>>;
}

/**
 * POST `url` for a signed-in member: the body and an optional Idempotency-Key are validated, the create
 * runs in one transaction at most once per key (`idempotent`, decision 0021), the answer is 201 (or the
 * first answer again).
 */
export function idempotentCreateRoute<B extends z.core.$ZodType, V extends z.core.$ZodType>(
  app: App,
  db: Db,
  r: CreateRoute<B, V>,
) {
  // Generic over the body schema, so the route is typed here rather than by the zod type provider.
  (app as unknown as FastifyInstance).post(
    r.url,
    {
      preHandler: memberOnly,
      schema: {
        operationId: r.operationId,
        summary: r.summary,
        tags: r.tags,
        headers: idempotencyHeadersSchema,
        body: r.body,
        response: { 201: envelope(r.view), ...errors },
      },
    },
    async (req, reply) => {
      const memberId = requireMember(req).member.id;
      const body = req.body as z.output<B>;
      const first = r.prepare ? await r.prepare(req, memberId, body) : null;
      try {
        const res = await idempotent(
          db,
          {
            memberId,
            key: req.headers['idempotency-key'] as string | undefined,
            operation: r.operationId,
            body,
          },
          async (q) => {
            if (first) await first(q);
            return r.create(q, memberId, body);
          },
        );
        return reply.status(res.status as 201).send(ok(res.data));
      } catch (err) {
        if (!r.recover) throw err;
        return reply.status(201).send(ok(await r.recover(err, memberId, body)));
      }
    },
  );
}
