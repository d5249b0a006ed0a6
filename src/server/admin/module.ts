import { proposedView } from '../../shared/schemas/proposals';
import type { App, Ctx } from '../context';
import { answer, type Maybe, type RouteRequest, type Zod } from '../http/declare-routes';
import type { z } from '../http/zod';
import { type ActOutcome, act, type Kind } from '../proposals/registry';
import { actorOf, adminApi } from './common';

/**
 * The answer of an administrator action (`act`): the action's own result (with the route's own status)
 * when one administrator may do it alone, 202 with the proposal when a second must confirm it.
 */
export function answerOutcome<Result>(o: ActOutcome<Result>) {
  if ('proposed' in o) return answer(202, o.proposed);
  if ('held' in o) throw new Error('an administrator action held as the system’s');
  return o.applied.result;
}

/**
 * A route whose whole work is one action of the four-eyes registry (`act`): its OpenAPI name, summary and
 * schemas, the registry's kind, and how the request becomes the kind's input. It answers the action's
 * result with the route's status when one administrator may do it alone, and 202 with the proposal when a
 * second administrator must confirm it.
 */
interface ActionRoute<P extends Maybe, Q extends Maybe, B extends Maybe, V extends Zod, Input> {
  operationId: string;
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  view: V;
  /** The status of an action applied at once: 200 unless named. */
  status?: 201;
  kind: Kind<Input, unknown, z.output<V>>;
  input: (req: RouteRequest<P, Q, B>) => Input | Promise<Input>;
}

function actionRoutes(admin: ReturnType<typeof adminApi>, { db, config }: Ctx) {
  const declare =
    (method: 'post' | 'put' | 'patch' | 'delete') =>
    <
      V extends Zod,
      Input,
      P extends Maybe = undefined,
      Q extends Maybe = undefined,
      B extends Maybe = undefined,
    >(
      url: string,
      route: ActionRoute<P, Q, B, V, Input>,
    ) => {
      const { kind, input, ...schema } = route;
      admin[method](url, {
        ...schema,
        answers: { 202: proposedView },
        run: async (req) => answerOutcome(await act(db, config, kind, await input(req), actorOf(req))),
      });
    };
  return { post: declare('post'), put: declare('put'), patch: declare('patch'), delete: declare('delete') };
}

/** What an administrator route module declares its routes with, beside the server's context. */
interface AdminModule extends Ctx {
  /** Its routes, tagged admin, with the administrator error answers (`adminApi`). */
  admin: ReturnType<typeof adminApi>;
  /** Its routes that are one action of the four-eyes registry (`ActionRoute`). */
  action: ReturnType<typeof actionRoutes>;
}

/**
 * An administrator route module, registered by `routes.ts` inside the guarded scope: `declare` names its
 * routes, and reads as the list of them.
 */
export const adminModule =
  (declare: (m: AdminModule) => void) =>
  async (app: App, ctx: Ctx): Promise<void> => {
    const admin = adminApi(app);
    declare({ ...ctx, admin, action: actionRoutes(admin, ctx) });
  };

/** The input of most actions on a member: the member of the path, and the request's body. */
export const memberBody = <B>(req: { params: { id: string }; body: B }) => ({
  memberId: req.params.id,
  body: req.body,
});
