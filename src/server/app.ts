import type { ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MSG } from '../shared/messages';
import '../shared/zod';
import { adminRoutes } from './admin/routes';
import { originOf } from './auth/auth-events';
import { recoveryRoutes } from './auth/recovery-routes';
import { authRoutes } from './auth/routes';
import { sessionToken } from './auth/session-cookie';
import { readSession, SESSION_COOKIE } from './auth/sessions';
import { totpRoutes } from './auth/totp-routes';
import type { TrustProxy } from './config';
import type { App, Ctx } from './context';
import { depositRoutes } from './deposits/routes';
import { eventRoutes } from './events/routes';
import { historyRoutes } from './history/routes';
import { carriesInput, craftedBytesHook, craftedBytesHookUnderApi } from './http/crafted-bytes';
import { errorHandler } from './http/error-handler';
import { AppError } from './http/errors';
import { requestLogger } from './http/request-logger';
import { addRouteHook } from './http/route-hooks';
import { API_HEADERS, DOCUMENT_HEADERS } from './http/security-headers';
import { serializerCompiler } from './http/serializer';
import { serveClient } from './http/static-files';
import { strictUtf8Json } from './http/utf8-json';
import { noticeRoutes } from './notices/routes';
import { metricsRegistry, registerOps } from './ops';
import { priceRoutes } from './prices/routes';
import { profileRoutes } from './profile/routes';
import { reserveProofRoutes } from './reserves/member-routes';
import { walletRoutes } from './wallet/routes';
import { withdrawalRuleRoutes } from './withdrawal-rules/routes';
import { withdrawalRoutes } from './withdrawals/routes';

/** Body limit of every request: far above any real form, far below anything that could hurt. */
const BODY_LIMIT = 64 * 1024;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Builds the HTTP app (the API and, when built, the SPA). Tests call this with their own database. */
export async function buildApp(ctx: Ctx): Promise<App> {
  const { config } = ctx;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // With a logger, each request's child logger is made at its first line.
    ...(config.logLevel === 'silent' ? {} : { childLoggerFactory: requestLogger }),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // While closing, a request that still arrives (the listener closes only after the preClose hooks; a
    // kept-alive connection) is served normally, with `Connection: close`, instead of a 503 a proxy may not
    // resend for a POST: the database stays open until the last of them is answered.
    return503OnClosing: false,
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    routerOptions: {
      ignoreTrailingSlash: true,
      onBadUrl: (_path, _req, res) => rawError(res, 400, 'VALIDATION', MSG.common.badUrl),
      // A path parameter longer than any id (100 characters) never reaches a route.
      onMaxParamLength: (_path, _req, res) => rawError(res, 414, 'VALIDATION', MSG.common.badUrl),
    },
    // Errors of Node's HTTP parser (oversize headers or URL, malformed requests) never reach the routes.
    clientErrorHandler: (err, socket) => {
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || !socket.writable) return;
      const tooLarge = (err as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify({
        data: null,
        error: tooLarge
          ? { code: 'BODY_TOO_LARGE', message: MSG.common.headersTooLarge }
          : { code: 'VALIDATION', message: MSG.common.badRequest },
      });
      socket.end(
        [
          tooLarge ? 'HTTP/1.1 431 Request Header Fields Too Large' : 'HTTP/1.1 400 Bad Request',
          'Connection: close',
          'Content-Type: application/json; charset=utf-8',
          `Content-Length: ${Buffer.byteLength(body)}`,
          '',
          body,
        ].join('\r\n'),
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON is accepted: text/plain would let a cross-site form post without a preflight.
  app.removeContentTypeParser('text/plain');
  strictUtf8Json(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '코인 월렛 API', version: '1.0.0', description: '회원 지갑과 관리자 페이지의 API' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  app.decorateRequest('session', null);

  // Security headers: the document set everywhere, the API set on every /api route (its own helmet
  // options, set before helmet's own onRoute hook reads them) and on the /api not-found handler below.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) route.helmet = API_HEADERS;
  });
  await app.register(fastifyHelmet, DOCUMENT_HEADERS);

  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!req.url.startsWith('/api/')) return;
    reply.header('cache-control', 'no-store');
    if (MUTATING.has(req.method)) {
      // Without Origin, the Referer says where the request came from (a browser sends one or the other).
      const origin = req.headers.origin ?? req.headers.referer;
      if (origin !== undefined && !sameOrigin(origin, req.headers.host, req.protocol)) {
        throw new AppError('FORBIDDEN_ORIGIN', MSG.common.forbiddenOrigin);
      }
    }
    const token = sessionToken(req);
    // Where the request came from is read now: the sign-in log entry of a session found ended is written
    // after a round trip, when a client that has gone may no longer have an address.
    req.session = token ? await readSession(ctx.db, config, token, originOf(req)) : null;
    // /api/admin: the admin scope's guard runs next (src/server/admin/guard.ts).
  });

  // Control, bidi and invisible characters never reach a route (decision 0106): checked before validation,
  // first of its preValidation hooks, on every /api route that can be given a body, a path parameter or a
  // query string, and in the not-found handlers below.
  app.addHook('onRoute', (route) => {
    if (carriesInput(route)) addRouteHook(route, 'preValidation', craftedBytesHook, true);
  });

  app.setErrorHandler(errorHandler);

  // /healthz, /readyz, /metrics and the request metrics hook (src/server/ops).
  await registerOps(app as unknown as App, ctx);

  await app.register(
    async (api) => {
      const a = api as unknown as App;
      a.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      for (const routes of [
        authRoutes,
        adminRoutes,
        profileRoutes,
        priceRoutes,
        walletRoutes,
        noticeRoutes,
        depositRoutes,
        withdrawalRoutes,
        withdrawalRuleRoutes,
        historyRoutes,
        eventRoutes,
        totpRoutes,
        recoveryRoutes,
        reserveProofRoutes,
      ])
        await routes(a, ctx);
    },
    { prefix: '/api' },
  );

  const hasClient = await serveClient(app, config.staticDir);

  // The not-found handlers get the crafted-bytes check and the request metrics like every route (Fastify
  // types only two of these hooks) and their security headers by route config.
  const metrics = metricsRegistry(app);
  if (!metrics) throw new Error('registerOps must run before the not-found handlers are set');
  const notFoundHooks = (helmet?: typeof API_HEADERS) =>
    ({
      preValidation: craftedBytesHookUnderApi,
      onResponse: metrics.notFoundHook,
      ...(helmet ? { config: { helmet } } : {}),
    }) as { preValidation: typeof craftedBytesHookUnderApi };
  const notFound = { data: null, error: { code: 'NOT_FOUND', message: MSG.common.notFound } };
  // An API path is never the SPA.
  await app.register(
    async (api) =>
      api.setNotFoundHandler(notFoundHooks(API_HEADERS), async (_req, reply) =>
        reply.status(404).send(notFound),
      ),
    { prefix: '/api' },
  );
  app.setNotFoundHandler(notFoundHooks(), async (req, reply) => {
    if (req.url === '/api' || !hasClient) return reply.status(404).send(notFound);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply
        .status(405)
        .send({ data: null, error: { code: 'METHOD_NOT_ALLOWED', message: MSG.common.methodNotAllowed } });
    }
    // The SPA's routes: every other GET gets index.html, never cached so a new build is picked up.
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });

  return app as unknown as App;
}

/** An error envelope written on the raw response, for the router's hooks that run before Fastify's. */
function rawError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ data: null, error: { code, message } }));
}

function sameOrigin(origin: string, host: string | undefined, protocol: string): boolean {
  try {
    const u = new URL(origin);
    return u.host === host && u.protocol === `${protocol}:`;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`: false, the proxies' addresses, or for a hop
 * count a function trusting the N nearest hops (Fastify itself fails closed on a bare number). The
 * same trust decides whether X-Forwarded-Proto is believed (Secure cookie, HSTS).
 */
function fastifyTrustProxy(t: TrustProxy): false | string[] | ((addr: string, i: number) => boolean) {
  if (t === false) return false;
  if ('hops' in t) {
    const hops = t.hops;
    return (_addr, i) => i < hops;
  }
  return t.addresses;
}
