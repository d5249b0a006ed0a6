import type { FastifyRequest } from 'fastify';
import type { Actor } from '../audit/actor';
import type { App } from '../context';
import { declareRoutes } from '../http/declare-routes';
import { errorResponses } from '../http/envelope';
import { actingIn } from '../http/guards';
import { adminSession } from './guard';

/** The acting administrator of a request of the /api/admin scope (the guard has checked the session). */
export const actorOf = (req: FastifyRequest): Actor => actingIn(req, adminSession(req));

/** Path parameters: lower-cased ids (http/params.ts); an id that is not a UUID is simply not found (404). */
export { idItemParams as memberItemParams, idParams as memberParams } from '../http/params';

/**
 * How an administrator module declares its routes (`declareRoutes`): tagged admin, with the error answers
 * every administrator route may give (401, 403 from the guard).
 */
export const adminApi = (app: App) => declareRoutes(app, { tags: ['admin'], errors: errorResponses(404) });
