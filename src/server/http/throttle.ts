import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import type { Queryable } from '../db';
import { AppError } from './errors';
import { countRecent, hit, recordEvent } from './rate-events';

/**
 * Rate limits as route options: a route declares its counter, the handler holds no
 * throttling code. Counters live in `rate_limit_events` (rate-events.ts), so they hold across instances.
 */
export interface Limit {
  /** The counter of this request: per address (`name:addr:ip`) or per member. */
  key: (req: FastifyRequest) => string;
  limit: number;
  minutes: number;
  /** The 429 answer's Korean message. */
  message: string;
}

/** preHandler: every request counts; over `limit` within `minutes` it is refused (429). */
export function throttle(db: Queryable, l: Limit) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    if (await hit(db, l.key(req), l.limit, l.minutes)) throw new AppError('RATE_LIMITED', l.message);
  };
}

/**
 * Route options counting failures only (unknown tokens, like failed logins): refused once `limit`
 * failures lie within `minutes`; an error the handler throws that `isFailure` names is counted.
 */
export function limitFailures(db: Queryable, l: Limit, isFailure: (err: unknown) => boolean) {
  return {
    preHandler: async (req: FastifyRequest, _reply: FastifyReply) => {
      if ((await countRecent(db, l.key(req), l.minutes)) >= l.limit) {
        throw new AppError('RATE_LIMITED', l.message);
      }
    },
    onError: async (req: FastifyRequest, _reply: FastifyReply, err: unknown) => {
      if (isFailure(err)) await recordEvent(db, l.key(req));
    },
  };
}

/**
 * The limit of the endpoints open to anyone: `limit` requests from one address within 15 minutes, counted
 * under `name` (each endpoint its own counter).
 */
export const perAddressLimit = (name: string, limit: number): Limit => ({
  key: (req) => `${name}:addr:${req.ip}`,
  limit,
  minutes: 15,
  message: MSG.common.tooManyRequests,
});
