import type { Readable } from 'node:stream';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../context';
import { envelope, type errorEnvelope, ok } from './envelope';
import { z } from './zod';

export type Zod = z.core.$ZodType;
/** A part of a route's schema it may leave out (no body, no path parameters …). */
export type Maybe = Zod | undefined;
type Views = { [status: number]: Zod };
type ErrorAnswers = { [status: number]: typeof errorEnvelope };
/** Route options besides the schema: a guard or rate limit (preHandler), a failure counter (onError). */
type Hooks = Pick<RouteShorthandOptions, 'preHandler' | 'onError'>;

/** The OpenAPI note that a route reads the session cookie. */
export const SESSION_SECURITY = [{ session: [] }];

/** What all the routes of one module share. */
interface Shared<E extends ErrorAnswers> extends Hooks {
  tags: string[];
  /** The error answers of every route of the module (`errorResponses`, `errorsOnly`). */
  errors: E;
  security?: typeof SESSION_SECURITY;
}

/** What a route takes, as the zod type provider reads it from the schema (`req.params`, `req.body` …). */
type Inputs<P, Q, H, B> = { params: P; querystring: Q; headers: H; body: B };
type Req<I extends Inputs<Maybe, Maybe, Maybe, Maybe>> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  I,
  ZodTypeProvider
>;
/** The request a route's `run` receives, typed from its path parameters, query string and body. */
export type RouteRequest<P extends Maybe, Q extends Maybe, B extends Maybe> = Req<Inputs<P, Q, undefined, B>>;
type Reply<I extends Inputs<Maybe, Maybe, Maybe, Maybe>> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  I,
  ZodTypeProvider
>;

/** An answer with another status than the route's own: one of its `answers` (a proposal's 202). */
class Answer<S extends number, T> {
  constructor(
    readonly status: S,
    readonly data: T,
  ) {}
}
export const answer = <S extends number, T>(status: S, data: T) => new Answer(status, data);
type OtherAnswer<X extends Views> = { [K in keyof X & number]: Answer<K, z.output<X[K]>> }[keyof X & number];

/** The route config of a declared route (read by `carriesInput`, src/server/http/crafted-bytes.ts). */
export interface DeclaredRouteConfig {
  declaredInputsOnly: true;
}

/** One route: its OpenAPI name and summary, what it takes, what it answers, and what it does. */
interface Route<
  P extends Maybe,
  Q extends Maybe,
  H extends Maybe,
  B extends Maybe,
  V extends Zod,
  X extends Views,
  Y,
> extends Hooks {
  operationId: string;
  summary: string;
  params?: P;
  querystring?: Q;
  headers?: H;
  body?: B;
  /** The data of the route's answer, sent in the `{ data, error: null }` envelope with `status`. */
  view: V;
  /** The answer's status: 200 unless named. */
  status?: 200 | 201 | 202;
  /** Other success answers the route may give instead, by status (`run` returns `answer(status, data)`). */
  answers?: X;
  /** Error answers of this route besides the module's. */
  errors?: Y;
  /** The answer's data; `reply` is there for cookies. */
  run: (
    req: Req<Inputs<P, Q, H, B>>,
    reply: Reply<Inputs<P, Q, H, B>>,
  ) => Promise<z.output<V> | OtherAnswer<X>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const envelopes = (views: Views) =>
  Object.fromEntries(Object.entries(views).map(([status, view]) => [status, envelope(view)]));

/**
 * The one way a route module declares its JSON API routes (not: the live-event stream, `events/routes.ts`,
 * and the plain-text health and metrics endpoints). `api.get(url, { operationId, summary, view, run })`
 * registers `app.get(url, { preHandler, schema, handler })`: the schema's tags, security, response
 * envelopes and error answers come from here and from what the module's routes share; the handler sends
 * what `run` returns in the envelope, with the route's status. A route's own `preHandler` / `onError`
 * replace the module's. The OpenAPI document and the response serializers read the same schema.
 */
export function declareRoutes<E extends ErrorAnswers>(app: App, shared: Shared<E>) {
  const { tags, errors: moduleErrors, security, ...moduleHooks } = shared;
  const declare =
    (method: (typeof METHODS)[number]) =>
    <
      V extends Zod,
      P extends Maybe = undefined,
      Q extends Maybe = undefined,
      H extends Maybe = undefined,
      B extends Maybe = undefined,
      X extends Views = Record<never, never>,
      Y extends ErrorAnswers = Record<never, never>,
    >(
      url: string,
      route: Route<P, Q, H, B, V, X, Y>,
    ) => {
      const {
        operationId,
        summary,
        params,
        querystring,
        headers,
        body,
        view,
        status = 200,
        answers,
        errors,
        run,
      } = route;
      const { preHandler, onError } = { ...moduleHooks, ...route };
      const schema = {
        operationId,
        summary,
        tags,
        ...definedOnly({ security, params, querystring, headers, body }),
        response: { ...envelopes({ [status]: view, ...answers }), ...moduleErrors, ...errors },
      };
      const handler = async (req: FastifyRequest, reply: FastifyReply) => {
        const out: unknown = await run(req as never, reply as never);
        const [code, data] = out instanceof Answer ? [out.status, out.data] : [status, out];
        reply.code(code);
        return ok(data);
      };
      // `run` reads only what the schema declares: the crafted-bytes check knows which routes it can skip.
      const config: DeclaredRouteConfig = { declaredInputsOnly: true };
      const options = { ...definedOnly({ preHandler, onError }), schema, config, handler };
      (app as unknown as FastifyInstance)[method](url, options as RouteShorthandOptionsWithHandler);
    };
  /**
   * A GET that answers a file to download (a CSV export) rather than the JSON envelope: the same OpenAPI
   * name, summary, tags and error answers as the module's other routes, its 200 declared with the file's
   * content type. `run` returns the file's text.
   */
  const download = <Q extends Maybe = undefined>(
    url: string,
    route: {
      operationId: string;
      summary: string;
      querystring?: Q;
      /** The file's content type (`text/csv; charset=utf-8`) and the name it is saved under. */
      contentType: string;
      filename: string | ((req: Req<Inputs<undefined, Q, undefined, undefined>>) => string);
      /** The file's text, or a stream of it (a large export, sent as it is read). */
      run: (req: Req<Inputs<undefined, Q, undefined, undefined>>) => Promise<string | Readable>;
    },
  ) => {
    const { operationId, summary, querystring, contentType, filename, run } = route;
    const mediaType = contentType.split(';')[0]!.trim();
    const schema = {
      operationId,
      summary,
      tags,
      ...definedOnly({ security, querystring }),
      response: {
        200: { description: filename, content: { [mediaType]: { schema: z.string() } } },
        ...moduleErrors,
      },
    };
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const text = await run(req as never);
      const name = typeof filename === 'string' ? filename : filename(req as never);
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(text);
    };
    const config: DeclaredRouteConfig = { declaredInputsOnly: true };
    const { preHandler, onError } = moduleHooks;
    const options = { ...definedOnly({ preHandler, onError }), schema, config, handler };
    (app as unknown as FastifyInstance).get(url, options as RouteShorthandOptionsWithHandler);
  };
  return {
    ...(Object.fromEntries(METHODS.map((m) => [m, declare(m)])) as {
      [M in (typeof METHODS)[number]]: ReturnType<typeof declare>;
    }),
    download,
  };
}

/** The object without its undefined fields (an absent part of a schema is not declared at all). */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
